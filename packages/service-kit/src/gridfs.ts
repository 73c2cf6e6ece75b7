// Stored files (images, library items, their variants) in GridFS, written and read so that every
// lookup is by `_id`. FerretDB 1.24's SQLite handler pushes down only a filter that is exactly
// `{ _id }` (internal/backends/sqlite/collection.go): any other query decodes every document of the
// collection in Go.
// - Chunks: the driver's download stream asks for `{ files_id }` sorted by `n`, a scan of every
//   stored byte (about 14 s per image once a thousand 2,400 px photos and their variants were
//   stored). Here each chunk's `_id` is `<file id>.<n>`, known from the file's own document.
// - Names: finding a file by `{ filename }` scanned every file's document; the variants of one
//   image looked up twelve names, so a backfill slowed down with every image it stored (447 of
//   1,000 images in 34 min, FerretDB's CPU above the encoder's). `<bucket>.names` maps a name to
//   its file (`_id` the name), so a lookup, a miss included, is two reads by `_id`.
// The documents stay GridFS (`files_id`, `n`, `data` as the spec has them): the driver's
// GridFSBucket reads, lists and deletes them. Files written earlier by the driver are read its way
// and get their names entry at a process's first use of the bucket. On MongoDB it all costs the
// same as before (the `_id` indexes).
import { Readable } from 'node:stream'
import mongoose from 'mongoose'
import type { ByteSpan } from './byte-range.js'

type Db = mongoose.mongo.Db
type ObjectId = mongoose.mongo.ObjectId

/** The driver's default, so a mixed bucket looks the same. */
export const CHUNK_BYTES = 255 * 1024

export interface StoredFileDoc {
  _id: ObjectId
  length: number
  chunkSize: number
  uploadDate: Date
  filename: string
  metadata?: Record<string, unknown>
}

const chunkId = (file: ObjectId, n: number) => `${file.toHexString()}.${n}`

/** A name's file: the newest file stored under it. */
interface NameDoc {
  _id: string
  file: ObjectId
}
const names = (db: Db, bucket: string) => db.collection<NameDoc>(`${bucket}.names`)

/** Buckets this process has made ready (indexes, names of files written before the names existed). */
const ready = new WeakMap<Db, Map<string, Promise<void>>>()
function ensureBucket(db: Db, bucket: string): Promise<void> {
  const buckets = ready.get(db) ?? new Map<string, Promise<void>>()
  ready.set(db, buckets)
  let done = buckets.get(bucket)
  if (!done) {
    done = prepare(db, bucket).catch((err: unknown) => {
      buckets.delete(bucket) // tried again at the next use
      throw err
    })
    buckets.set(bucket, done)
  }
  return done
}

async function prepare(db: Db, bucket: string) {
  // The driver's indexes, as it makes them at its first write.
  await db.collection(`${bucket}.files`).createIndex({ filename: 1, uploadDate: 1 })
  await db.collection(`${bucket}.chunks`).createIndex({ files_id: 1, n: 1 }, { unique: true })
  // Files without a names entry (stored before it existed): one scan of the files' documents, then
  // never again. $setOnInsert: a name written meanwhile by a put is newer and stays.
  const named = new Set(
    (
      await names(db, bucket)
        .find({}, { projection: { _id: 1 } })
        .toArray()
    ).map((n) => n._id),
  )
  const newest = new Map<string, { id: ObjectId; at: number }>()
  for await (const f of db
    .collection<StoredFileDoc>(`${bucket}.files`)
    .find({}, { projection: { filename: 1, uploadDate: 1 } })) {
    if (named.has(f.filename)) continue
    const at = new Date(f.uploadDate).getTime()
    if ((newest.get(f.filename)?.at ?? -Infinity) < at) newest.set(f.filename, { id: f._id, at })
  }
  for (const [name, { id }] of newest)
    await names(db, bucket).updateOne({ _id: name }, { $setOnInsert: { file: id } }, { upsert: true })
}

/**
 * Stores `bytes` as the file `filename` of `bucket`: the chunks first, then the file's document
 * (as the driver does: a file that is listed has all its chunks; the backup relies on it), then its
 * name; a file stored before under the same name is deleted.
 */
export async function putFile(
  db: Db,
  bucket: string,
  filename: string,
  bytes: Buffer,
  metadata: Record<string, unknown>,
): Promise<ObjectId> {
  await ensureBucket(db, bucket)
  const id = new mongoose.mongo.ObjectId()
  const chunks = []
  for (let n = 0; n * CHUNK_BYTES < bytes.length; n++) {
    const data = bytes.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES)
    chunks.push({ _id: chunkId(id, n), files_id: id, n, data: new mongoose.mongo.Binary(data) })
  }
  if (chunks.length) await db.collection(`${bucket}.chunks`).insertMany(chunks as never[])
  const file: StoredFileDoc = {
    _id: id,
    length: bytes.length,
    chunkSize: CHUNK_BYTES,
    uploadDate: new Date(),
    filename,
    metadata,
  }
  await db.collection(`${bucket}.files`).insertOne(file as never)
  const before = await names(db, bucket).findOneAndReplace(
    { _id: filename },
    { file: id },
    { upsert: true, includeResultMetadata: false },
  )
  if (before && !before.file.equals(id)) await deleteById(db, bucket, before.file)
  return id
}

/** The file stored as `filename`, or null. */
export async function findFile(db: Db, bucket: string, filename: string): Promise<StoredFileDoc | null> {
  await ensureBucket(db, bucket)
  const name = await names(db, bucket).findOne({ _id: filename })
  return name && db.collection<StoredFileDoc>(`${bucket}.files`).findOne({ _id: name.file })
}

/** Deletes the file stored as `filename`, with its chunks and name (nothing when there is none). */
export async function deleteFile(db: Db, bucket: string, filename: string): Promise<void> {
  await ensureBucket(db, bucket)
  const name = await names(db, bucket).findOne({ _id: filename })
  if (!name) return
  await deleteById(db, bucket, name.file)
  await names(db, bucket).deleteOne({ _id: filename })
}

/** A file by its id: chunks by `_id` (ours), or through the driver (a file it wrote). */
async function deleteById(db: Db, bucket: string, id: ObjectId) {
  const files = db.collection<StoredFileDoc>(`${bucket}.files`)
  const file = await files.findOne({ _id: id })
  if (!file) return
  const chunks = db.collection<{ _id: string }>(`${bucket}.chunks`)
  const count = Math.ceil(file.length / file.chunkSize)
  if (count > 0 && !(await chunks.findOne({ _id: chunkId(id, 0) }, { projection: { _id: 1 } }))) {
    await new mongoose.mongo.GridFSBucket(db, { bucketName: bucket }).delete(id).catch(() => undefined)
    return
  }
  // The document first: a listed file always has its chunks (as the driver deletes).
  await files.deleteOne({ _id: id })
  for (let n = 0; n < count; n++) await chunks.deleteOne({ _id: chunkId(id, n) })
}

/**
 * A file's bytes, or only `span` of them (a byte range: only the chunks that hold it are read, not
 * the whole file): by chunk `_id`, or through the driver for a file it wrote.
 */
export async function readFile(
  db: Db,
  bucket: string,
  file: StoredFileDoc,
  span: ByteSpan = { start: 0, end: file.length - 1 },
): Promise<Buffer> {
  const chunks = db.collection<{ _id: string; data: mongoose.mongo.Binary }>(`${bucket}.chunks`)
  const first = Math.floor(span.start / file.chunkSize)
  const last = Math.floor(span.end / file.chunkSize)
  const parts: Buffer[] = []
  for (let n = first; n <= last && span.end >= span.start; n++) {
    const chunk = await chunks.findOne({ _id: chunkId(file._id, n) })
    if (!chunk) {
      if (n === first) return readThroughDriver(db, bucket, file, span)
      throw new Error(`${bucket}: chunk ${n} of ${file.filename} is missing`)
    }
    parts.push(Buffer.from(chunk.data.buffer))
  }
  const offset = first * file.chunkSize
  const bytes = Buffer.concat(parts).subarray(span.start - offset, span.end - offset + 1)
  if (bytes.length !== Math.max(0, span.end - span.start + 1))
    throw new Error(`${bucket}: ${file.filename} is not whole`)
  return bytes
}

async function readThroughDriver(
  db: Db,
  bucket: string,
  file: StoredFileDoc,
  span: ByteSpan,
): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of new mongoose.mongo.GridFSBucket(db, { bucketName: bucket }).openDownloadStream(
    file._id,
    { start: span.start, end: span.end + 1 },
  ))
    parts.push(part as Buffer)
  return Buffer.concat(parts)
}

/**
 * A file's bytes, or `span` of them, as a stream read one chunk at a time as the client takes them
 * (issue 45): a large library file (a 10 MB video or PDF) is never held whole per request, and a
 * client that stops reading holds about one chunk. Chunks by `_id`, or the driver's stream for a
 * file it wrote.
 */
export function streamFile(
  db: Db,
  bucket: string,
  file: StoredFileDoc,
  span: ByteSpan = { start: 0, end: file.length - 1 },
): Readable {
  const chunks = db.collection<{ _id: string; data: mongoose.mongo.Binary }>(`${bucket}.chunks`)
  const first = Math.floor(span.start / file.chunkSize)
  const last = Math.floor(span.end / file.chunkSize)
  async function* parts(): AsyncGenerator<Buffer> {
    for (let n = first; n <= last && span.end >= span.start; n++) {
      const chunk = await chunks.findOne({ _id: chunkId(file._id, n) })
      if (!chunk) {
        if (n !== first) throw new Error(`${bucket}: chunk ${n} of ${file.filename} is missing`)
        yield* new mongoose.mongo.GridFSBucket(db, { bucketName: bucket }).openDownloadStream(file._id, {
          start: span.start,
          end: span.end + 1,
        }) as AsyncIterable<Buffer>
        return
      }
      const bytes = Buffer.from(chunk.data.buffer)
      const from = n === first ? span.start - n * file.chunkSize : 0
      const to = n === last ? span.end - n * file.chunkSize + 1 : bytes.length
      yield bytes.subarray(from, to)
    }
  }
  return Readable.from(parts(), { objectMode: false, highWaterMark: file.chunkSize })
}
