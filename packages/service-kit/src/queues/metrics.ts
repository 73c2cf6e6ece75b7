import { Counter, Gauge, Histogram, type Registry } from 'prom-client'
import type { Job, Worker } from 'bullmq'
import { createQueue, type QueueSettings } from './queue.js'
import type { Closable } from '../run.js'

/** The job states reported per queue; `waiting` is the BullMQ wait list that also drives KEDA. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const

/** Metric names (docs/operations.md, k8s/components/monitoring and keda read these). */
export const QUEUE_METRICS = {
  jobs: 'bullmq_job_count',
  duration: 'bullmq_job_duration_seconds',
  attempts: 'bullmq_job_attempts',
  stalled: 'bullmq_job_stalled_total',
} as const

// One metric per registry even when a process instruments several queues (label `queue`).
const countReaders = new WeakMap<Registry, Map<string, () => Promise<Record<string, number>>>>()
function single<T>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make()
}

/**
 * Prometheus metrics of one BullMQ queue, on the worker process's `/metrics`:
 * - `bullmq_job_count{queue,state}`: jobs per state, read from Redis at each scrape (so every
 *   replica reports the same queue-wide numbers: aggregate with `max`, never `sum`);
 * - `bullmq_job_duration_seconds{queue,outcome}`: time of each attempt this process ran
 *   (outcome `completed`, `retried` or `failed`);
 * - `bullmq_job_attempts{queue,outcome}`: attempts a job took, observed once when it finishes
 *   for good (`completed` or `failed`);
 * - `bullmq_job_stalled_total{queue}`: jobs whose lock expired (a worker died or blocked its loop).
 */
export function instrumentQueue(opts: {
  registry: Registry
  name: string
  settings: QueueSettings
  worker: Worker
}): Closable {
  const { registry, name, worker } = opts
  // A producer connection of its own: it fails fast while Redis is away, so a scrape never hangs.
  const counts = createQueue(name, opts.settings)
  const queues = countReaders.get(registry) ?? new Map<string, () => Promise<Record<string, number>>>()
  countReaders.set(registry, queues)
  queues.set(name, () => counts.queue.getJobCounts(...QUEUE_STATES))

  single(
    registry,
    QUEUE_METRICS.jobs,
    () =>
      new Gauge({
        name: QUEUE_METRICS.jobs,
        help: 'Jobs in the queue by state (queue-wide, read from Redis at each scrape)',
        labelNames: ['queue', 'state'] as const,
        registers: [registry],
        async collect() {
          this.reset()
          for (const [queue, read] of queues) {
            // Redis away: no series (absent) rather than stale numbers; /readyz reports the cause.
            const c = await read().catch(() => null)
            if (c) for (const state of QUEUE_STATES) this.set({ queue, state }, c[state] ?? 0)
          }
        },
      }),
  )
  const duration = single(
    registry,
    QUEUE_METRICS.duration,
    () =>
      new Histogram({
        name: QUEUE_METRICS.duration,
        help: 'Time one attempt of a job took in this process, by outcome',
        labelNames: ['queue', 'outcome'] as const,
        // From a mail (tens of ms) to an LLM import of a long document (minutes).
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
        registers: [registry],
      }),
  )
  const attempts = single(
    registry,
    QUEUE_METRICS.attempts,
    () =>
      new Histogram({
        name: QUEUE_METRICS.attempts,
        help: 'Attempts a job took when it finished for good, by outcome',
        labelNames: ['queue', 'outcome'] as const,
        buckets: [1, 2, 3, 4, 5, 6, 8, 10],
        registers: [registry],
      }),
  )
  const stalled = single(
    registry,
    QUEUE_METRICS.stalled,
    () =>
      new Counter({
        name: QUEUE_METRICS.stalled,
        help: 'Jobs found stalled (lock expired) and moved back',
        labelNames: ['queue'] as const,
        registers: [registry],
      }),
  )

  const seconds = (job: Job) => (Date.now() - (job.processedOn ?? Date.now())) / 1000
  worker.on('completed', (job) => {
    duration.observe({ queue: name, outcome: 'completed' }, seconds(job))
    attempts.observe({ queue: name, outcome: 'completed' }, job.attemptsMade)
  })
  worker.on('failed', (job) => {
    if (!job) return // a stalled job removed by removeOnFail: counted as stalled
    // BullMQ sets finishedOn only when it moves the job to `failed` (no retry left).
    const final = typeof job.finishedOn === 'number' && job.finishedOn >= (job.processedOn ?? 0)
    duration.observe({ queue: name, outcome: final ? 'failed' : 'retried' }, seconds(job))
    if (final) attempts.observe({ queue: name, outcome: 'failed' }, job.attemptsMade)
  })
  worker.on('stalled', () => stalled.inc({ queue: name }))
  stalled.inc({ queue: name }, 0) // the series exists from the start, so increase() sees the first one

  return {
    close: async () => {
      queues.delete(name)
      await counts.close()
    },
  }
}
