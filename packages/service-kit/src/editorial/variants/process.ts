import { VARIANT_FORMATS, VARIANT_WIDTHS, variantUrl, type MediaVariantsJob } from '@site/contracts'
import { NotAnImageError, imageSize, makeVariants } from '../../images.js'
import type { ImageVariantsModel } from './model.js'

/** Where a service keeps its images: the variants are stored beside the original, in the same store. */
export interface VariantStore {
  get(path: string): Promise<{ bytes: Buffer } | null>
  put(path: string, bytes: Buffer, contentType: string): Promise<void>
  delete(path: string): Promise<void>
}

export interface VariantsResult {
  path: string
  /** Widths made (empty: nothing to do, the image is gone or was done before). */
  widths: number[]
  bytes: number
}

export const VARIANT_CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp' } as const
/** `media/<id>.jpg` → `media/<id>`: the variants sit beside the original. */
export const variantBase = (path: string) => path.replace(/\.[a-z0-9]+$/, '')
/** A variant's own path, never itself given variants. */
export const VARIANT_PATH = /-w\d+\.(avif|webp)$/

/**
 * Makes the AVIF and WebP variants of one stored image (VARIANT_WIDTHS narrower than it, and its
 * own width) and records them. Runs once per image: a record marked done is skipped; a retry after
 * a crash overwrites what the failed attempt left. Throws NotAnImageError when the stored bytes
 * cannot be decoded (retrying cannot help).
 */
export async function processVariants(
  job: MediaVariantsJob,
  deps: { objects: VariantStore; variants: ImageVariantsModel },
): Promise<VariantsResult> {
  const { path } = job
  if (VARIANT_PATH.test(path)) return { path, widths: [], bytes: 0 }
  const record = await deps.variants.findById(path).lean()
  if (record?.done) return { path, widths: record.widths, bytes: 0 }
  const original = await deps.objects.get(path)
  if (!original) return { path, widths: [], bytes: 0 }
  const size = await imageSize(original.bytes)
  if (!size) throw new NotAnImageError(`${path} cannot be decoded`)
  const variants = await makeVariants(original.bytes, VARIANT_WIDTHS)
  const base = variantBase(path)
  let bytes = 0
  for (const v of variants) {
    const target = variantUrl(base, v.width, v.format)
    await deps.objects.delete(target) // an earlier attempt's copy, if any
    await deps.objects.put(target, v.bytes, VARIANT_CONTENT_TYPES[v.format])
    bytes += v.bytes.length
  }
  const widths = [...new Set(variants.map((v) => v.width))].sort((a, b) => a - b)
  await deps.variants.updateOne(
    { _id: path },
    { $set: { ...size, widths, done: true, updated_at: new Date() } },
    { upsert: true },
  )
  return { path, widths, bytes }
}

/** Every variant path of an image with these widths (for deleting them with it). */
export const variantPaths = (path: string, widths: readonly number[]) =>
  widths.flatMap((w) => VARIANT_FORMATS.map((f) => variantUrl(variantBase(path), w, f)))
