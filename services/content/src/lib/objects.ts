import mongoose, { type Connection } from 'mongoose'
import { etagOf, servedBytes, type ServedFile } from '@site/service-kit'
import {
  deleteFile,
  findFile,
  putFile,
  readFile,
  streamFile,
  type StoredFileDoc,
} from '@site/service-kit/gridfs'

export interface StoredObject {
  path: string
  contentType: string
  etag: string
  length: number
  bytes: Buffer
}

const BUCKET = 'objects'

/** Public object paths look like `projects/<24 hex>.<ext>`; anything else is simply not found. */
export const OBJECT_PATH = /^[a-z0-9-]+\/[A-Za-z0-9_-]{1,64}\.(jpg|png|gif|webp|avif|pdf|mp4)$/

/**
 * Images in MongoDB GridFS (bucket `objects`), one file per public path. Served objects are kept in
 * a small byte-bounded memory cache: they never change (a new upload gets a new path).
 */
export class ObjectStore {
  private readonly memory = new Map<string, StoredObject>()
  private memoryBytes = 0

  constructor(
    private readonly db: Connection,
    private readonly cacheBytes: number,
  ) {}

  private mongo() {
    if (!this.db.db)
      throw Object.assign(new Error('database not connected'), { name: 'MongoNotConnectedError' })
    return this.db.db
  }

  private bucket() {
    return new mongoose.mongo.GridFSBucket(this.mongo(), { bucketName: BUCKET })
  }

  /** Written, found, read and deleted by `_id` (the kit's gridfs.ts: no collection scan on FerretDB). */
  async put(path: string, bytes: Buffer, contentType: string): Promise<void> {
    await putFile(this.mongo(), BUCKET, path, bytes, { contentType, etag: etagOf(bytes) })
  }

  async get(path: string): Promise<StoredObject | null> {
    const cached = this.memory.get(path)
    if (cached) return cached
    const file = await findFile(this.mongo(), BUCKET, path)
    return file && this.readWhole(path, file)
  }

  /**
   * An object to serve. One that fits the memory cache is read whole once and served from memory;
   * a larger one (a video) is read per request, and only the chunks of the range asked for: a
   * player asks for many ranges, and each would otherwise read all of its 10 MB.
   */
  async open(path: string): Promise<ServedFile | null> {
    const cached = this.memory.get(path)
    if (cached) return servedBytes(cached)
    const file = await findFile(this.mongo(), BUCKET, path)
    if (!file) return null
    const meta = (file.metadata ?? {}) as { contentType?: string; etag?: string }
    if (this.fits(file.length) || !meta.etag) return servedBytes(await this.readWhole(path, file))
    return {
      etag: meta.etag,
      contentType: meta.contentType ?? 'application/octet-stream',
      length: file.length,
      read: (span) => readFile(this.mongo(), BUCKET, file, span),
      // Streamed from GridFS chunk by chunk, never held whole per request (issue 45).
      stream: (span) => streamFile(this.mongo(), BUCKET, file, span),
    }
  }

  private async readWhole(path: string, file: StoredFileDoc): Promise<StoredObject> {
    const bytes = await readFile(this.mongo(), BUCKET, file)
    const meta = (file.metadata ?? {}) as { contentType?: string; etag?: string }
    const object = {
      path,
      bytes,
      length: bytes.length,
      contentType: meta.contentType ?? 'application/octet-stream',
      etag: meta.etag ?? etagOf(bytes),
    }
    this.remember(object)
    return object
  }

  /** Paths (under `prefix`) stored before `cutoff`. */
  async listOlderThan(prefix: string, cutoff: Date): Promise<string[]> {
    const files = await this.bucket()
      .find({ uploadDate: { $lt: cutoff } })
      .project({ filename: 1 })
      .toArray()
    return files.map((f) => String(f.filename)).filter((name) => name.startsWith(prefix))
  }

  async delete(path: string): Promise<void> {
    this.forget(path)
    await deleteFile(this.mongo(), BUCKET, path)
  }

  /** Another replica may have deleted an object: called with every cache invalidation. */
  clearMemory() {
    this.memory.clear()
    this.memoryBytes = 0
  }

  private fits(length: number) {
    return length <= this.cacheBytes / 4
  }

  /** Bytes the memory cache holds now. */
  get memoryUsed() {
    return this.memoryBytes
  }

  private remember(object: StoredObject) {
    if (!this.fits(object.length)) return
    // Two requests that missed the same file at once both read it: counted once (issue 45).
    this.forget(object.path)
    this.memory.set(object.path, object)
    this.memoryBytes += object.length
    // Oldest first (Map keeps insertion order).
    for (const [key, value] of this.memory) {
      if (this.memoryBytes <= this.cacheBytes) break
      this.memory.delete(key)
      this.memoryBytes -= value.length
    }
  }

  private forget(path: string) {
    const object = this.memory.get(path)
    if (!object) return
    this.memory.delete(path)
    this.memoryBytes -= object.length
  }
}
