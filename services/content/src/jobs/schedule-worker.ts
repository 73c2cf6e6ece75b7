import type { Connection } from 'mongoose'
import type { Registry } from 'prom-client'
import { QUEUES } from '@site/contracts'
import type { Closable, Log } from '@site/service-kit'
import type { ChangeLog } from '@site/service-kit/changes'
import { startScheduleWorker } from '@site/service-kit/editorial'
import type { WorkerConfig } from '../config.js'
import { toPageDto } from '../lib/dto.js'
import { PAGE_SCHEDULE } from '../lib/page-schedule.js'
import { pageModel } from '../models/page.js'

/**
 * The pages' scheduled publishes (docs/editorial.md, "Scheduled publishing"): the page-schedule
 * consumer and its sweep (every PAGE_SCHEDULE_SWEEP_MS), the kit's scheduler on the pages. A
 * publish takes the content change log's afterWrite: every content replica's read cache forgets,
 * then it is recorded (history, audit) and the page, the lists and the sitemap are purged.
 */
export function startPageScheduler(
  config: WorkerConfig,
  log: Log,
  deps: { db: Connection; changes: ChangeLog; metrics?: Registry },
): Closable[] {
  const { db, changes } = deps
  const scheduler = startScheduleWorker(
    QUEUES.pageSchedule,
    {
      ...PAGE_SCHEDULE,
      model: pageModel(db),
      changes,
      toDto: toPageDto,
      label: (page) => page.slug,
    },
    {
      settings: { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX },
      sweepMs: config.PAGE_SCHEDULE_SWEEP_MS,
      log,
      metrics: deps.metrics,
    },
  )
  return scheduler
}
