import { Type } from 'typebox'
import type { ImageInfo } from '@site/contracts'
import { badRequest } from '../../errors.js'
import type { ImageVariantsDoc } from './model.js'
import { variantBase } from './process.js'

/** Most images one call asks about: a page of the blog list shows 12, a long post a few dozen. */
export const MAX_IMAGE_SOURCES = 50

/**
 * The query of an image info read (GET /api/content/images, GET /api/blog/images): image URLs,
 * comma separated or the parameter repeated.
 */
export const ImageInfoQuery = Type.Object({
  src: Type.Union([
    Type.String({ maxLength: 16000 }),
    Type.Array(Type.String({ maxLength: 300 }), { maxItems: MAX_IMAGE_SOURCES }),
  ]),
})

/** The stored paths among the asked URLs (`pathOf` answers null for others), each once, sorted; 400 past the limit. */
export function askedPaths(src: string | string[], pathOf: (url: string) => string | null): string[] {
  const asked = [src].flat().flatMap((s) => s.split(','))
  if (asked.length > MAX_IMAGE_SOURCES)
    throw badRequest(`At most ${MAX_IMAGE_SOURCES} images at once`, 'VALIDATION')
  return [...new Set(asked.map(pathOf).filter((p): p is string => p !== null))].sort()
}

/** The public info of an image whose variants are made; `prefix` is where the store is served. */
export function toImageInfo(
  record: ImageVariantsDoc,
  prefix: string,
  alts: { alt_nl?: string | null; alt_en?: string | null; alt_de?: string | null } = {},
): ImageInfo {
  return {
    src: prefix + record._id,
    width: record.width,
    height: record.height,
    widths: [...record.widths].sort((a, b) => a - b),
    base: prefix + variantBase(record._id),
    alt_nl: alts.alt_nl ?? null,
    alt_en: alts.alt_en ?? null,
    alt_de: alts.alt_de ?? null,
  }
}
