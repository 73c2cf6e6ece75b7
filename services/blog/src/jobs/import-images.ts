import type { Connection } from 'mongoose'
import type { Log } from '@site/service-kit'
import type { PostModel } from '../models/post.js'
import { IMAGE_URL_PREFIX, deleteImage, storeImage } from '../models/images.js'

export interface ImageLimits {
  BLOG_IMAGE_MAX_DIMENSION: number
  /** Pixels one image may have; a larger one is dropped before it is decoded. */
  BLOG_IMAGE_MAX_PIXELS: number
  /** Pixels all images of one import may have together; those past it are dropped. */
  BLOG_IMPORT_MAX_PIXELS: number
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The images of one import attempt: stored within the pixel limits (decoding and scaling take time
 * in proportion to the pixels: a hundred 100 Mpx images were minutes of CPU), and removed again
 * when the attempt fails, so a failed import leaves no images behind. An image another post links
 * (the same picture in an earlier import) is kept.
 */
export function importImages(db: Connection, posts: PostModel, limits: ImageLimits, log: Log) {
  const created: string[] = []
  const linked = new Set<string>()
  let pixels = 0
  let dropped = 0
  const admit = (count: number) => {
    if (count > limits.BLOG_IMAGE_MAX_PIXELS || pixels + count > limits.BLOG_IMPORT_MAX_PIXELS) {
      dropped++
      return false
    }
    pixels += count
    return true
  }
  return {
    get dropped() {
      return dropped
    },
    /**
     * Names of the images the post links, stored by this attempt or found stored (one imported
     * before the variants job existed gets its variants too; a done one is skipped by the job).
     */
    get linked(): string[] {
      return [...linked].map((url) => url.slice(IMAGE_URL_PREFIX.length))
    },
    /** Stores an image and answers its URL, or null to leave it out. */
    async store(bytes: Buffer): Promise<string | null> {
      const stored = await storeImage(db, bytes, limits.BLOG_IMAGE_MAX_DIMENSION, admit)
      if (stored?.created) created.push(stored.url)
      if (stored) linked.add(stored.url)
      return stored?.url ?? null
    },
    /** The attempt failed: removes the images it stored that no post links. */
    async discard(): Promise<void> {
      for (const url of created.splice(0)) {
        try {
          const pattern = posts.base.trusted({ $regex: escapeRegex(url) })
          const fields = ['content_nl', 'content_en', 'content_de'].map((f) => ({ [f]: pattern }))
          if (await posts.exists({ $or: fields })) continue
          await deleteImage(db, url.slice(IMAGE_URL_PREFIX.length))
        } catch (err) {
          log.warn({ err, url }, 'an image of a failed import could not be removed')
        }
      }
    },
  }
}

export type ImportImages = ReturnType<typeof importImages>
