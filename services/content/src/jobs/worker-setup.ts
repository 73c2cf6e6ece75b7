import type { Registry } from 'prom-client'
import { QUEUES, SURROGATE, purgeChannel, type PurgeMessage } from '@site/contracts'
import { connectMongo, createRedis, pingMongo, type Closable, type Log } from '@site/service-kit'
import type { WorkerConfig } from '../config.js'
import { ObjectStore } from '../lib/objects.js'
import { imageVariantsModel } from '../models/media.js'
import { invalidateChannel } from '../plugins/store.js'
import { objectId } from '../routes/media/public.js'
import { createVariantsQueue, startVariantsConsumer } from '@site/service-kit/variants'
import { startPageScheduler } from './schedule-worker.js'

/**
 * The content worker: the `media-variants` consumer, and a sweep that enqueues images whose
 * variants are not made (stored while Redis was away); and the pages' scheduled publishes
 * (`page-schedule`, schedule-worker.ts). Used by worker.ts and by tests.
 */
export async function startVariantsWorker(
  config: WorkerConfig,
  log: Log,
  opts: {
    metrics?: Registry
    addReadinessCheck?: (name: string, check: () => Promise<boolean>) => void
  } = {},
): Promise<Closable[]> {
  const db = await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB })
  const redis = createRedis(config.REDIS_URL)
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
    onDone: (result) => {
      // The public image info (GET /api/content/images) is cached by every content replica.
      redis.publish(invalidateChannel(config.QUEUE_PREFIX), 'content-worker').catch(() => undefined)
      // Shared caches drop the pages and answers that showed the image without its variants.
      const purge: PurgeMessage = {
        id: `variants-${result.path}`,
        keys: [SURROGATE.media(objectId(result.path))],
      }
      redis.publish(purgeChannel(config.QUEUE_PREFIX), JSON.stringify(purge)).catch(() => undefined)
    },
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

  const scheduler = startPageScheduler(config, log, { db, redis, metrics: opts.metrics })
  opts.addReadinessCheck?.('mongo', () => pingMongo(db))
  opts.addReadinessCheck?.('redis', async () => worker.isRunning() && connection.status === 'ready')
  return [
    { close: async () => clearInterval(sweep) },
    ...consumer.closables,
    { close: () => queue.close() },
    ...scheduler,
    { close: async () => redis.disconnect() },
    { close: () => db.close() },
  ]
}
