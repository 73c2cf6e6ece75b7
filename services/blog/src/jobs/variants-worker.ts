import type { Connection } from 'mongoose'
import type { Registry } from 'prom-client'
import { QUEUES } from '@site/contracts'
import type { Closable, Log } from '@site/service-kit'
import type { ChangeLog } from '@site/service-kit/changes'
import { createVariantsQueue, imageVariantsModel, startVariantsConsumer } from '@site/service-kit/editorial'
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
 * the same AVIF/WebP widths. When one is done, the blog's change log announces it (afterWrite):
 * shared caches drop the pages that showed it without its variants (its `media:<hash>` key).
 */
export function startVariantsWorker(
  config: Settings,
  log: Log,
  deps: { db: Connection; changes: ChangeLog; metrics?: Registry },
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
    changes: deps.changes,
    // An imported image's name starts with the 32 hex of its content hash: its key.
    mediaId: (path) => path.slice(0, 32),
  }).closables
}
