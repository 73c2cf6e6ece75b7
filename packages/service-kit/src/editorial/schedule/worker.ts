import type { Registry } from 'prom-client'
import type { ScheduleJobOf } from '@site/contracts'
import { createQueue, createWorker, type QueueSettings } from '../../queues/queue.js'
import { instrumentQueue } from '../../queues/metrics.js'
import type { Closable } from '../../run.js'
import type { Log } from '../../log.js'
import { runScheduled, sweepSchedule, type ScheduleDeps } from './jobs.js'
import type { Schedulable } from './rules.js'
import type { Types } from 'mongoose'

/** The schedule's producer (a save's delayed jobs): completed jobs are not kept. */
export const createScheduleQueue = <K extends string>(name: string, settings: QueueSettings) =>
  createQueue<ScheduleJobOf<K>>(name, settings, { removeOnComplete: true })

/**
 * The scheduled publishes of one kind (docs/editorial.md, "Scheduled publishing"): the queue's
 * consumer, and a sweep at start and every `sweepMs` that acts on moments already past (a job lost
 * with Redis, or never queued while Redis was away) and queues the ones ahead.
 */
export function startScheduleWorker<K extends string, D extends Schedulable & { _id: Types.ObjectId }>(
  name: string,
  deps: ScheduleDeps<K, D>,
  opts: { settings: QueueSettings; sweepMs: number; log: Log; metrics?: Registry },
): Closable[] {
  const { settings, log } = opts
  const worker = createWorker<ScheduleJobOf<K>, { done: boolean }>(
    name,
    (job) => runScheduled(job.data, deps),
    settings,
    { concurrency: 4 },
  )
  worker.worker.on('failed', (job, err) =>
    log.warn({ jobId: job?.id, err: { name: err.name, message: err.message } }, 'scheduled publish failed'),
  )
  const producer = createScheduleQueue<K>(name, settings)
  let running: Promise<unknown> = Promise.resolve()
  const sweep = () => {
    running = sweepSchedule(deps, producer.queue, log)
      .then((acted) => acted && log.info({ acted, queue: name }, 'schedule sweep acted on past moments'))
      .catch((err: unknown) => log.warn({ err, queue: name }, 'schedule sweep failed'))
  }
  void producer.queue.waitUntilReady().then(sweep, sweep)
  const timer = setInterval(sweep, opts.sweepMs)
  timer.unref()
  const metrics = opts.metrics
    ? instrumentQueue({ registry: opts.metrics, name, settings, worker: worker.worker })
    : null
  return [
    {
      close: async () => {
        clearInterval(timer)
        await running
        await worker.close()
        await producer.close()
      },
    },
    ...(metrics ? [metrics] : []),
  ]
}
