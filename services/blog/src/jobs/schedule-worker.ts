import type { Registry } from 'prom-client'
import { QUEUES } from '@site/contracts'
import type { Closable, Log } from '@site/service-kit'
import type { ChangeLog } from '@site/service-kit/changes'
import { startScheduleWorker as startScheduler } from '@site/service-kit/editorial'
import type { WorkerConfig } from '../config.js'
import type { PostModel } from '../models/post.js'
import { toPostDto } from '../posts/dto.js'
import { POST_SCHEDULE } from '../posts/schedule.js'

/**
 * The posts' scheduled publishes (docs/editorial.md, "Scheduled publishing"): the blog-schedule
 * consumer and its sweep (every BLOG_SCHEDULE_SWEEP_MS), the kit's scheduler on the posts.
 */
export function startScheduleWorker(
  config: WorkerConfig,
  log: Log,
  deps: { posts: PostModel; changes: ChangeLog; metrics?: Registry },
): Closable[] {
  return startScheduler(
    QUEUES.blogSchedule,
    {
      ...POST_SCHEDULE,
      model: deps.posts,
      changes: deps.changes,
      toDto: toPostDto,
      label: (post) => post.title_nl || post.slug,
    },
    {
      settings: { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX },
      sweepMs: config.BLOG_SCHEDULE_SWEEP_MS,
      log,
      metrics: deps.metrics,
    },
  )
}
