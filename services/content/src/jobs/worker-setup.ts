import type { Registry } from 'prom-client'
import { Counter } from 'prom-client'
import { QUEUES, SURROGATE, purgeChannel, type MediaVariantsJob, type PurgeMessage } from '@site/contracts'
import { connectMongo, createRedis, pingMongo, type Closable, type Log } from '@site/service-kit'
import { UnrecoverableError, createWorker, instrumentQueue } from '@site/service-kit/queues'
import { NotAnImageError } from '@site/service-kit/images'
import type { WorkerConfig } from '../config.js'
import { ObjectStore } from '../lib/objects.js'
import { imageVariantsModel } from '../models/media.js'
import { createVariantsQueue } from '../lib/variants-queue.js'
import { invalidateChannel } from '../plugins/store.js'
import { objectId } from '../routes/media/public.js'
import { processVariants, type VariantsResult } from './variants.js'

/**
 * The content worker: the `media-variants` consumer, and a sweep that enqueues images whose
 * variants are not made (stored while Redis was away). Used by worker.ts and by tests.
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
  const made = new Counter({
    name: 'content_image_variants_total',
    help: 'Images given their responsive variants, by outcome',
    labelNames: ['outcome'] as const,
    registers: opts.metrics ? [opts.metrics] : [],
  })
  const { worker, connection, close } = createWorker<MediaVariantsJob, VariantsResult>(
    QUEUES.mediaVariants,
    async (job) => {
      try {
        return await processVariants(job.data, { objects, variants })
      } catch (err) {
        if (err instanceof NotAnImageError) {
          await variants.updateOne({ _id: job.data.path }, { $set: { failed: true } }).catch(() => undefined)
          throw new UnrecoverableError(err.message)
        }
        throw err
      }
    },
    settings,
    // sharp uses libvips' own threads: one image at a time keeps the worker's memory bounded.
    { concurrency: config.VARIANTS_CONCURRENCY, lockDuration: 120_000, stalledInterval: 120_000 },
  )
  worker.on('completed', (_job, result) => {
    made.inc({ outcome: result.widths.length ? 'made' : 'skipped' })
    // The public image info (GET /api/content/images) is cached by every content replica.
    redis.publish(invalidateChannel(config.QUEUE_PREFIX), 'content-worker').catch(() => undefined)
    // Shared caches drop the pages and answers that showed the image without its variants.
    const purge: PurgeMessage = {
      id: `variants-${result.path}`,
      keys: [SURROGATE.media(objectId(result.path))],
    }
    redis.publish(purgeChannel(config.QUEUE_PREFIX), JSON.stringify(purge)).catch(() => undefined)
  })
  worker.on('failed', (job, err) => {
    made.inc({ outcome: 'failed' })
    log.warn({ path: job?.data.path, err: { name: err.name, message: err.message } }, 'variants failed')
  })

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

  const queueMetrics = opts.metrics
    ? instrumentQueue({ registry: opts.metrics, name: QUEUES.mediaVariants, settings, worker })
    : null
  opts.addReadinessCheck?.('mongo', () => pingMongo(db))
  opts.addReadinessCheck?.('redis', async () => worker.isRunning() && connection.status === 'ready')
  return [
    { close: async () => clearInterval(sweep) },
    { close },
    { close: () => queue.close() },
    ...(queueMetrics ? [queueMetrics] : []),
    { close: async () => redis.disconnect() },
    { close: () => db.close() },
  ]
}
