// '@site/service-kit/queues': BullMQ's queues, workers and their metrics (only the processes with
// queues load BullMQ).
export * from './queue.js'
export { instrumentQueue, QUEUE_METRICS, QUEUE_STATES } from './metrics.js'
