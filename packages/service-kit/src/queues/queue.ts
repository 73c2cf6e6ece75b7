import { Queue, Worker, QueueEvents, type Processor, type WorkerOptions, type JobsOptions } from 'bullmq'
import { Redis } from 'ioredis'

/** Production job defaults (design §5): retries with exponential backoff, bounded history. */
export const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
}

export interface QueueSettings {
  redisUrl: string
  /** Key prefix of this deployment's queues (QUEUE_PREFIX); tests use their own. */
  prefix: string
}

/**
 * A producer: fails fast while Redis is away (enableOfflineQueue false), so a request can answer
 * 503, or keep its outbox record and let a relay enqueue later.
 */
export function createQueue<T = unknown>(name: string, s: QueueSettings, jobOptions: JobsOptions = {}) {
  const connection = new Redis(s.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  })
  connection.on('error', () => {})
  const queue = new Queue<T>(name, {
    connection,
    prefix: s.prefix,
    defaultJobOptions: { ...defaultJobOptions, ...jobOptions },
  })
  queue.on('error', () => {})
  const close = async () => {
    await queue.close().catch(() => undefined)
    connection.disconnect()
  }
  return { queue, connection, close }
}

/**
 * A producer call bounded in time: a Queue whose connection has never been ready waits for it
 * (BullMQ's waitUntilReady) instead of failing fast, so a request path gives up after `timeoutMs`
 * (the caller answers 503 or leaves the work to its relay).
 */
export async function withinTime<T>(call: Promise<T>, timeoutMs = 2000, what = 'enqueue'): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), timeoutMs)
  })
  try {
    return await Promise.race([call, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** A consumer: waits for Redis forever (maxRetriesPerRequest null), as BullMQ workers must. */
export function createWorker<T = unknown, R = unknown>(
  name: string,
  processor: Processor<T, R>,
  s: QueueSettings,
  options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
) {
  const connection = new Redis(s.redisUrl, {
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  })
  connection.on('error', () => {})
  const worker = new Worker<T, R>(name, processor, {
    connection,
    prefix: s.prefix,
    concurrency: 2,
    ...options,
  })
  worker.on('error', () => {})
  const close = async () => {
    await worker.close()
    connection.disconnect()
  }
  return { worker, connection, close }
}

/** Events of a queue (job completed/failed), e.g. to wait a bounded time for a job's result. */
export function createQueueEvents(name: string, s: QueueSettings) {
  const connection = new Redis(s.redisUrl, { maxRetriesPerRequest: null })
  connection.on('error', () => {})
  const events = new QueueEvents(name, { connection, prefix: s.prefix })
  events.on('error', () => {})
  const close = async () => {
    await events.close().catch(() => undefined)
    connection.disconnect()
  }
  return { events, connection, close }
}

export { UnrecoverableError, type Job } from 'bullmq'
