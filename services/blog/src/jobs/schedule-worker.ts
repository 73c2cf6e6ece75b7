import type { Connection } from 'mongoose'
import type { Redis } from 'ioredis'
import type { Registry } from 'prom-client'
import { QUEUES, type BlogScheduleJob } from '@site/contracts'
import type { Closable, Log } from '@site/service-kit'
import type { ChangeLog } from '@site/service-kit/changes'
import { createQueue, createWorker, instrumentQueue } from '@site/service-kit/queues'
import type { WorkerConfig } from '../config.js'
import type { PostModel } from '../models/post.js'
import { bumpPostsVersion } from '../posts/cache.js'
import { runScheduled, sweepSchedule, type ScheduleDeps } from '../posts/schedule.js'

/**
 * The scheduled publishes (docs/editorial.md, "Scheduled publishing"): the blog-schedule consumer,
 * and a sweep at start and every BLOG_SCHEDULE_SWEEP_MS that acts on moments already past (a job
 * lost with Redis, or never queued while Redis was away) and queues the ones ahead.
 */
export function startScheduleWorker(
  config: WorkerConfig,
  log: Log,
  deps: { db: Connection; redis: Redis; posts: PostModel; changes: ChangeLog; metrics?: Registry },
): Closable[] {
  const settings = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }
  const schedule: ScheduleDeps = {
    posts: deps.posts,
    changes: deps.changes,
    written: () => bumpPostsVersion(deps.redis, config.QUEUE_PREFIX),
  }
  const worker = createWorker<BlogScheduleJob, { done: boolean }>(
    QUEUES.blogSchedule,
    (job) => runScheduled(job.data, schedule),
    settings,
    { concurrency: 4 },
  )
  worker.worker.on('failed', (job, err) =>
    log.warn({ jobId: job?.id, err: { name: err.name, message: err.message } }, 'scheduled publish failed'),
  )
  const producer = createQueue<BlogScheduleJob>(QUEUES.blogSchedule, settings, { removeOnComplete: true })
  let running: Promise<unknown> = Promise.resolve()
  const sweep = () => {
    running = sweepSchedule(schedule, producer.queue, log)
      .then((acted) => acted && log.info({ acted }, 'schedule sweep acted on past moments'))
      .catch((err: unknown) => log.warn({ err }, 'schedule sweep failed'))
  }
  void producer.queue.waitUntilReady().then(sweep, sweep)
  const timer = setInterval(sweep, config.BLOG_SCHEDULE_SWEEP_MS)
  timer.unref()
  const metrics = deps.metrics
    ? instrumentQueue({ registry: deps.metrics, name: QUEUES.blogSchedule, settings, worker: worker.worker })
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
