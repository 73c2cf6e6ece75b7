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
import type { VariantStore } from '@site/service-kit/editorial'
import { deleteFile, findFile, putFile, readFile } from '@site/service-kit/gridfs'

/** Public path of a post image: `/api/blog/images/<name>`; names are content hashes. */
export const IMAGE_URL_PREFIX = '/api/blog/images/'
/** A stored original (what an import links). */
export const ORIGINAL_NAME = /^[a-f0-9]{32}\.(jpg|png|gif|webp)$/
/** What is served: an original, or one of its AVIF/WebP variants (`<hash>-w640.avif`). */
export const IMAGE_NAME = /^[a-f0-9]{32}(\.(jpg|png|gif|webp)|-w\d{2,4}\.(avif|webp))$/

const BUCKET = 'images'

function mongoDb(db: Connection): mongoose.mongo.Db {
  if (!db.db) throw Object.assign(new Error('database not connected'), { name: 'MongoNotConnectedError' })
  return db.db
}

function imageBucket(db: Connection): mongoose.mongo.GridFSBucket {
  return new mongoose.mongo.GridFSBucket(mongoDb(db), { bucketName: BUCKET })
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
  if (await findFile(mongoDb(db), BUCKET, name)) return { url, created: false }
  const pixels = await pixelCount(bytes)
  if (pixels === null || !admit(pixels)) return null
  let clean: Buffer
  try {
    clean = await reencodeImage(bytes, kind, maxDimension)
  } catch (err) {
    if (err instanceof NotAnImageError) return null
    throw err
  }
  await putImage(db, name, clean, contentType)
  return { url, created: true }
}

/** Written and read by chunk `_id` (the kit's gridfs.ts: no collection scan on FerretDB). */
async function putImage(db: Connection, name: string, bytes: Buffer, contentType: string): Promise<void> {
  await putFile(mongoDb(db), BUCKET, name, bytes, { contentType, etag: etagOf(bytes) })
}

/** The blog's image store as the kit's variants job reads and writes it (names are its paths). */
export const imageStore = (db: Connection): VariantStore => ({
  get: (name) => loadImage(db, name),
  put: (name, bytes, contentType) => putImage(db, name, bytes, contentType),
  delete: (name) => deleteImage(db, name),
})

/** The names of every stored original (the backfill's list). */
export async function originalNames(db: Connection): Promise<string[]> {
  const files = await imageBucket(db).find({}).project({ filename: 1 }).toArray()
  return files.map((f) => String(f.filename)).filter((n) => ORIGINAL_NAME.test(n))
}

/** Removes a stored image by its name (no error when it is already gone). */
export async function deleteImage(db: Connection, name: string): Promise<void> {
  await deleteFile(mongoDb(db), BUCKET, name)
}

export async function loadImage(db: Connection, name: string): Promise<StoredImage | null> {
  const file = await findFile(mongoDb(db), BUCKET, name)
  if (!file) return null
  const meta = (file.metadata ?? {}) as { contentType?: string; etag?: string }
  const bytes = await readFile(mongoDb(db), BUCKET, file)
  const contentType = meta.contentType ?? 'application/octet-stream'
  return { name, contentType, bytes, etag: meta.etag ?? etagOf(bytes) }
}
