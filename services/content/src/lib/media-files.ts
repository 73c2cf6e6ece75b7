import type { MediaKind } from '@site/contracts'
import { IMAGE_TYPES, NotAnImageError, imageSize, reencodeImage, sniffImage } from '@site/service-kit/images'

export interface PreparedFile {
  kind: MediaKind
  ext: string
  contentType: string
  bytes: Buffer
  width: number | null
  height: number | null
}

/** An MP4 (ISO base media) file: a `ftyp` box first, whose brand is a video one (not AVIF/HEIF). */
function isMp4(bytes: Buffer): boolean {
  if (bytes.length < 12 || bytes.subarray(4, 8).toString('latin1') !== 'ftyp') return false
  const brand = bytes.subarray(8, 12).toString('latin1')
  return !/^(avi|hei|hev|mif|msf)/.test(brand)
}
const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-'

/**
 * A library upload as it will be stored, by its bytes only (never its name or declared type):
 * images are decoded and re-encoded as project images are (metadata dropped, scaled to fit
 * `maxDimension`); PDFs and MP4 videos are kept as sent (served with `nosniff` and a sandbox).
 * null for anything else.
 */
export async function prepareFile(bytes: Buffer, maxDimension: number): Promise<PreparedFile | null> {
  const image = sniffImage(bytes)
  if (image) {
    let clean: Buffer
    try {
      clean = await reencodeImage(bytes, image, maxDimension)
    } catch (err) {
      if (err instanceof NotAnImageError) return null
      throw err
    }
    const size = await imageSize(clean)
    const { ext, contentType } = IMAGE_TYPES[image]
    return {
      kind: 'image',
      ext,
      contentType,
      bytes: clean,
      width: size?.width ?? null,
      height: size?.height ?? null,
    }
  }
  if (isPdf(bytes))
    return { kind: 'pdf', ext: 'pdf', contentType: 'application/pdf', bytes, width: null, height: null }
  if (isMp4(bytes))
    return { kind: 'video', ext: 'mp4', contentType: 'video/mp4', bytes, width: null, height: null }
  return null
}

/** A file name as shown and searched: no path, no control characters, at most 200 characters. */
export function cleanName(filename: string | undefined, fallback: string): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? ''
  const name = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200)
  return name || fallback
}
