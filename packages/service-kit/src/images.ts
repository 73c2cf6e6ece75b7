// Image checks shared by every service that stores pictures (project images in content, images of
// imported .docx files in blog): the type from the bytes, then a re-encode that drops metadata.
// A subpath of the kit (`@site/service-kit/images`) so services without images never load sharp.
// sharp itself is loaded on the first image (libvips is large; idle services do not need it).

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp'

export const IMAGE_TYPES: Record<ImageKind, { ext: string; contentType: string }> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  gif: { ext: 'gif', contentType: 'image/gif' },
  webp: { ext: 'webp', contentType: 'image/webp' },
}

/** The image type named by the file's first bytes, never by its name or declared type. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png'
  const head = bytes.subarray(0, 6).toString('latin1')
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif'
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp'
  return null
}

export class NotAnImageError extends Error {}

/**
 * The pixels decoding the image would produce, every frame of an animation counted, read from its
 * header alone (cheap); null when the header cannot be read. Lets a caller refuse work before it
 * starts: decoding and scaling costs time in proportion to the pixels, not the file's bytes.
 */
export async function pixelCount(bytes: Buffer): Promise<number | null> {
  const { default: sharp } = await import('sharp')
  try {
    const m = await sharp(bytes).metadata()
    if (!m.width || !m.height) return null
    return m.width * (m.pageHeight ?? m.height) * (m.pages ?? 1)
  } catch {
    return null
  }
}

/**
 * Decodes and re-encodes the image in its own format: metadata (EXIF, GPS, comments) is dropped,
 * the orientation applied, oversized images scaled to fit `maxDimension`, and anything that only
 * pretends to be an image fails to decode. Decompression bombs stop at sharp's pixel limit.
 */
export async function reencodeImage(bytes: Buffer, kind: ImageKind, maxDimension: number): Promise<Buffer> {
  const animated = kind === 'gif' || kind === 'webp'
  // Loaded on the first upload: libvips is a large native library the idle service does not need.
  const { default: sharp } = await import('sharp')
  try {
    let pipeline = sharp(bytes, { animated, limitInputPixels: 100_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true })
    if (kind === 'jpeg') pipeline = pipeline.jpeg({ quality: 85 })
    else if (kind === 'png') pipeline = pipeline.png({ compressionLevel: 9 })
    else if (kind === 'gif') pipeline = pipeline.gif()
    else pipeline = pipeline.webp({ quality: 85 })
    return await pipeline.toBuffer()
  } catch (err) {
    throw new NotAnImageError((err as Error).message)
  }
}

/** Width and height of an image (the first frame's for an animation); null when it cannot be read. */
export async function imageSize(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  const { default: sharp } = await import('sharp')
  try {
    const m = await sharp(bytes).metadata()
    if (!m.width || !m.height) return null
    return { width: m.width, height: m.pageHeight ?? m.height }
  } catch {
    return null
  }
}

/** One responsive variant of a stored image. */
export interface ImageVariant {
  width: number
  format: 'avif' | 'webp'
  bytes: Buffer
}

/**
 * The responsive variants of a stored (already re-encoded) image: AVIF and WebP at each of
 * `widths` narrower than the original, and at the original's own width when it is narrower than the
 * widest asked for (so a small image still gets modern formats). Only the first frame of an
 * animation. Runs one width at a time, so a job holds one decoded copy at most.
 */
export async function makeVariants(bytes: Buffer, widths: readonly number[]): Promise<ImageVariant[]> {
  const { default: sharp } = await import('sharp')
  const size = await imageSize(bytes)
  if (!size) throw new NotAnImageError('the stored image cannot be read')
  const chosen = widths.filter((w) => w < size.width)
  if (size.width <= Math.max(...widths)) chosen.push(size.width)
  const out: ImageVariant[] = []
  for (const width of chosen) {
    const base = sharp(bytes, { limitInputPixels: 100_000_000 }).resize({ width, withoutEnlargement: true })
    // AVIF effort 2 of 9: a fair size for far less CPU than the default (measured in the backfill).
    out.push({ width, format: 'avif', bytes: await base.clone().avif({ quality: 50, effort: 2 }).toBuffer() })
    out.push({ width, format: 'webp', bytes: await base.clone().webp({ quality: 75 }).toBuffer() })
  }
  return out
}
