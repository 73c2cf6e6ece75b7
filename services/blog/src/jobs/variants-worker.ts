import type { Connection } from 'mongoose'
import type { Redis } from 'ioredis'
import type { Registry } from 'prom-client'
import { QUEUES, SURROGATE, purgeChannel, type PurgeMessage } from '@site/contracts'
import type { Closable, Log } from '@site/service-kit'
import { createVariantsQueue, imageVariantsModel, startVariantsConsumer } from '@site/service-kit/variants'
import { imageStore } from '../models/images.js'

interface Settings {
  REDIS_URL: string
  QUEUE_PREFIX: string
}

/** The producer: an import enqueues each image it stored (job id per name: once per image). */
export const blogVariantsQueue = (config: Settings) =>
  createVariantsQueue({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }, QUEUES.blogImageVariants)

/**
 * The `blog-image-variants` consumer in the blog worker: the kit's variants job (the one the content
 * worker runs for the library) over the blog's image store, so an imported post's body images get
 * the same AVIF/WebP widths. When one is done, shared caches drop the pages that showed it without
 * its variants (its `media:<hash>` key).
 */
export function startVariantsWorker(
  config: Settings,
  log: Log,
  deps: { db: Connection; redis: Redis; metrics?: Registry },
): Closable[] {
  return startVariantsConsumer({
    queue: QUEUES.blogImageVariants,
    settings: { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX },
    objects: imageStore(deps.db),
    variants: imageVariantsModel(deps.db),
    log,
    metric: {
      name: 'blog_image_variants_total',
      help: 'Imported images given their responsive variants, by outcome',
    },
    registry: deps.metrics,
    onDone: (result) => {
      const key = SURROGATE.media(result.path.slice(0, 32))
      const purge: PurgeMessage = { id: `variants-${result.path}`, keys: [key] }
      deps.redis.publish(purgeChannel(config.QUEUE_PREFIX), JSON.stringify(purge)).catch(() => undefined)
    },
  }).closables
}
