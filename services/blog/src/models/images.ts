import { createHash } from 'node:crypto'
import mongoose, { type Connection } from 'mongoose'
import { MAX_UPLOAD_BYTES } from '@site/contracts'
import { etagOf } from '@site/service-kit'
import {
  IMAGE_TYPES,
  NotAnImageError,
  pixelCount,
  reencodeImage,
  sniffImage,
  type ImageKind,
} from '@site/service-kit/images'

/** Public path of a post image: `/api/blog/images/<name>`; names are content hashes. */
export const IMAGE_URL_PREFIX = '/api/blog/images/'
export const IMAGE_NAME = /^[a-f0-9]{32}\.(jpg|png|gif|webp)$/

function imageBucket(db: Connection): mongoose.mongo.GridFSBucket {
  if (!db.db) throw Object.assign(new Error('database not connected'), { name: 'MongoNotConnectedError' })
  return new mongoose.mongo.GridFSBucket(db.db, { bucketName: 'images' })
}

export interface StoredImage {
  name: string
  contentType: string
  bytes: Buffer
  /** Strong ETag: the hash of the stored bytes (the name hashes the bytes before re-encoding). */
  etag: string
}

/**
 * An image of an imported document, through the same checks as project images (kit's images
 * module): the type from its bytes, at most 10 MB, re-encoded without metadata and scaled to fit
 * `maxDimension`. Stored once under a hash of its bytes (a retried import stores nothing twice);
 * `created` says whether this call stored it. null when it is no image we show (EMF/WMF/TIFF
 * drawings, broken or oversized data), or when `admit` refuses its pixel count before decoding.
 */
export async function storeImage(
  db: Connection,
  bytes: Buffer,
  maxDimension: number,
  admit: (pixels: number) => boolean = () => true,
): Promise<{ url: string; created: boolean } | null> {
  if (bytes.length === 0 || bytes.length > MAX_UPLOAD_BYTES) return null
  const kind: ImageKind | null = sniffImage(bytes)
  if (!kind) return null
  const { ext, contentType } = IMAGE_TYPES[kind]
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${ext}`
  const url = IMAGE_URL_PREFIX + name
  const bucket = imageBucket(db)
  if (await bucket.find({ filename: name }).limit(1).hasNext()) return { url, created: false }
  const pixels = await pixelCount(bytes)
  if (pixels === null || !admit(pixels)) return null
  let clean: Buffer
  try {
    clean = await reencodeImage(bytes, kind, maxDimension)
  } catch (err) {
    if (err instanceof NotAnImageError) return null
    throw err
  }
  await new Promise<void>((resolve, reject) => {
    const stream = bucket.openUploadStream(name, { metadata: { contentType, etag: etagOf(clean) } })
    stream.once('error', reject)
    stream.once('finish', () => resolve())
    stream.end(clean)
  })
  return { url, created: true }
}

/** Removes a stored image by its name (no error when it is already gone). */
export async function deleteImage(db: Connection, name: string): Promise<void> {
  const bucket = imageBucket(db)
  for await (const file of bucket.find({ filename: name })) await bucket.delete(file._id)
}

export async function loadImage(db: Connection, name: string): Promise<StoredImage | null> {
  const bucket = imageBucket(db)
  const file = await bucket.find({ filename: name }).limit(1).next()
  if (!file) return null
  const chunks: Buffer[] = []
  for await (const chunk of bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer)
  const meta = (file.metadata ?? {}) as { contentType?: string; etag?: string }
  const bytes = Buffer.concat(chunks)
  const contentType = meta.contentType ?? 'application/octet-stream'
  return { name, contentType, bytes, etag: meta.etag ?? etagOf(bytes) }
}
