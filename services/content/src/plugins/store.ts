import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { contentModel } from '../models/content.js'
import { featureModel } from '../models/feature.js'
import { pageModel } from '../models/page.js'
import { pageRedirectModel } from '../models/page-redirect.js'
import { projectModel } from '../models/project.js'
import { seedMarkerModel } from '../models/seed-marker.js'
import { imageVariantsModel, mediaModel } from '../models/media.js'
import { createVariantsQueue } from '@site/service-kit/editorial'
import { PAGE_SCHEDULE } from '../lib/page-schedule.js'
import { createScheduleQueue, enqueueSchedule } from '@site/service-kit/editorial'
import { QUEUES } from '@site/contracts'
import type { PageDoc } from '../models/page.js'
import { ReadCache, readVersionKey } from '@site/service-kit'
import type { FastifyBaseLogger } from 'fastify'
import { ObjectStore } from '../lib/objects.js'
import { seedDefaults } from '../seed.js'
import { sweepOrphanImages } from '../lib/orphans.js'

export function createModels(db: import('mongoose').Connection) {
  return {
    content: contentModel(db),
    features: featureModel(db),
    pages: pageModel(db),
    pageRedirects: pageRedirectModel(db),
    projects: projectModel(db),
    seeds: seedMarkerModel(db),
    media: mediaModel(db),
    imageVariants: imageVariantsModel(db),
  }
}
export type Models = ReturnType<typeof createModels>

export interface Store {
  models: Models
  cache: ReadCache
  objects: ObjectStore
  /**
   * Records a stored image for the variants job (its size, not done yet) and enqueues the job; a
   * failed enqueue is logged only (the worker's sweep enqueues what is left undone).
   */
  imageStored(path: string, size: { width: number; height: number }, log: FastifyBaseLogger): Promise<void>
  /** After a page's write: its scheduled moments as delayed jobs (the kit's scheduler; best effort, the worker sweeps). */
  schedule(page: PageDoc, before: PageDoc | null): Promise<void>
  /** Resolves once the defaults are in the database; retried on the next read if the database was away. */
  seeded(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    store: Store
  }
}

/** The service's data: models, the public read cache, the image store, and the boot-time seed. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const models = createModels(app.db)
    // Under the content service's read version: every write, from any replica or the worker, goes
    // through the change log's afterWrite, which raises it before the purge (and clears here at once).
    const cache = new ReadCache({
      ttlMs: config.CONTENT_CACHE_TTL_MS,
      version: { redis: () => app.redis, key: readVersionKey(config.QUEUE_PREFIX, 'content') },
    })
    app.changes.log.forgets(cache)
    const objects = new ObjectStore(app.db, config.OBJECT_CACHE_BYTES)
    cache.onClear(() => objects.clearMemory())

    let seeding: Promise<void> | undefined
    const seeded = () => {
      seeding ??= seedDefaults(models).then(
        (r) => {
          if (r.content || r.features) app.log.info(r, 'seeded default content')
        },
        (err: unknown) => {
          seeding = undefined
          throw err
        },
      )
      return seeding
    }
    const settings = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }
    const variants = createVariantsQueue(settings)
    const scheduled = createScheduleQueue<'pageId'>(QUEUES.pageSchedule, settings)
    const schedule = (page: PageDoc, before: PageDoc | null) =>
      enqueueSchedule(PAGE_SCHEDULE, scheduled.queue, page, before, app.log)
    const imageStored = async (
      path: string,
      size: { width: number; height: number },
      log: FastifyBaseLogger,
    ) => {
      await models.imageVariants.updateOne(
        { _id: path },
        { $setOnInsert: { ...size, widths: [], done: false, updated_at: new Date() } },
        { upsert: true },
      )
      await variants
        .enqueue(path)
        .catch((err: unknown) => log.warn({ err, path }, 'variants job not enqueued'))
    }
    app.decorate('store', { models, cache, objects, imageStored, schedule, seeded })
    app.addHook('onReady', async () => {
      await seeded().catch((err: unknown) => app.log.warn({ err }, 'seeding postponed: database unavailable'))
    })
    // Hourly: uploads never attached to a project (a cancelled dialog) go after ORPHAN_IMAGE_MAX_AGE_MS.
    const sweep = setInterval(() => {
      const cutoff = new Date(Date.now() - config.ORPHAN_IMAGE_MAX_AGE_MS)
      sweepOrphanImages(models, app.changes.log, objects, cutoff, app.log).catch((err: unknown) =>
        app.log.warn({ err }, 'orphan sweep failed'),
      )
    }, config.ORPHAN_SWEEP_INTERVAL_MS)
    sweep.unref()
    app.addHook('onClose', async () => {
      clearInterval(sweep)
      await variants.close()
      await scheduled.close()
    })
  },
  { name: 'content-store', dependencies: ['kit-changes'] },
)
