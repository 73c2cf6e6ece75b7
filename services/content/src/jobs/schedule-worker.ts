import type { Connection } from 'mongoose'
import type { Registry } from 'prom-client'
import { QUEUES } from '@site/contracts'
import type { Closable, Log, Redis } from '@site/service-kit'
import { ChangeLog } from '@site/service-kit/changes'
import { startScheduleWorker } from '@site/service-kit/schedule'
import type { WorkerConfig } from '../config.js'
import { toPageDto } from '../lib/dto.js'
import { PAGE_SCHEDULE } from '../lib/page-schedule.js'
import { pageModel } from '../models/page.js'
import { invalidateChannel } from '../plugins/store.js'

/**
 * The pages' scheduled publishes (docs/editorial.md, "Scheduled publishing"): the page-schedule
 * consumer and its sweep (every PAGE_SCHEDULE_SWEEP_MS), the kit's scheduler on the pages. A
 * publish clears every content replica's read cache, then is recorded in the content service's
 * change log (history, audit, the gateway's purge of the page, the lists and the sitemap).
 */
export function startPageScheduler(
  config: WorkerConfig,
  log: Log,
  deps: { db: Connection; redis: Redis; metrics?: Registry },
): Closable[] {
  const { db, redis } = deps
  const changes = new ChangeLog({
    db,
    redis: () => redis,
    prefix: config.QUEUE_PREFIX,
    service: 'content',
    log,
  })
  changes.start()
  const scheduler = startScheduleWorker(
    QUEUES.pageSchedule,
    {
      ...PAGE_SCHEDULE,
      model: pageModel(db),
      changes,
      toDto: toPageDto,
      label: (page) => page.slug,
      written: async () => {
        await redis.publish(invalidateChannel(config.QUEUE_PREFIX), 'content-worker')
      },
    },
    {
      settings: { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX },
      sweepMs: config.PAGE_SCHEDULE_SWEEP_MS,
      log,
      metrics: deps.metrics,
    },
  )
  return [...scheduler, { close: () => changes.stop() }]
}
