import { QUEUES } from '@site/contracts'
import { pingMongo, type Closable, type Log } from '@site/service-kit'
import { openWorker, type WorkerStartOptions } from '@site/service-kit/changes'
import type { WorkerConfig } from '../config.js'
import { ObjectStore } from '../lib/objects.js'
import { imageVariantsModel } from '../models/media.js'
import { objectId } from '../routes/media/public.js'
import { createVariantsQueue, startVariantsConsumer } from '@site/service-kit/editorial'
import { startPageScheduler } from './schedule-worker.js'

/**
 * The content worker: the `media-variants` consumer, and a sweep that enqueues images whose
 * variants are not made (stored while Redis was away); and the pages' scheduled publishes
 * (`page-schedule`, schedule-worker.ts). Both write through the content service's change log
 * (afterWrite: read caches, record, purge). Used by worker.ts and by tests.
 */
export async function startVariantsWorker(
  config: WorkerConfig,
  log: Log,
  opts: WorkerStartOptions = {},
): Promise<Closable[]> {
  const base = await openWorker(config, 'content', log)
  const { db, changes } = base
  const objects = new ObjectStore(db, 0)
  const variants = imageVariantsModel(db)
  const settings = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }
  const consumer = startVariantsConsumer({
    queue: QUEUES.mediaVariants,
    settings,
    objects,
    variants,
    log,
    metric: {
      name: 'content_image_variants_total',
      help: 'Images given their responsive variants, by outcome',
    },
    registry: opts.metrics,
    concurrency: config.VARIANTS_CONCURRENCY,
    changes,
    mediaId: objectId,
  })
  const { worker, connection } = consumer

  // Images stored while Redis was away were never enqueued: the sweep enqueues them (one job id per
  // image, so an image already queued is not queued twice).
  const queue = createVariantsQueue(settings)
  const sweep = setInterval(() => {
    const cutoff = new Date(Date.now() - config.VARIANTS_SWEEP_INTERVAL_MS)
    variants
      .find(
        {
          done: false,
          failed: variants.base.trusted({ $ne: true }),
          updated_at: variants.base.trusted({ $lt: cutoff }),
        },
        { _id: 1 },
      )
      .limit(500)
      .lean()
      .then(async (left) => {
        for (const r of left) await queue.enqueue(r._id)
      })
      .catch((err: unknown) => log.warn({ err }, 'variants sweep failed'))
  }, config.VARIANTS_SWEEP_INTERVAL_MS)
  sweep.unref()

  const scheduler = startPageScheduler(config, log, { db, changes, metrics: opts.metrics })
  opts.addReadinessCheck?.('mongo', () => pingMongo(db))
  opts.addReadinessCheck?.('redis', async () => worker.isRunning() && connection.status === 'ready')
  return [
    { close: async () => clearInterval(sweep) },
    ...consumer.closables,
    { close: () => queue.close() },
    ...scheduler,
    ...base.closables,
  ]
}
