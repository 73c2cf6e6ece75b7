import mongoose, { type Connection } from 'mongoose'
import { etagOf } from '@site/service-kit'

export interface StoredObject {
  path: string
  contentType: string
  etag: string
  length: number
  bytes: Buffer
}

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

  private bucket() {
    if (!this.db.db)
      throw Object.assign(new Error('database not connected'), { name: 'MongoNotConnectedError' })
    return new mongoose.mongo.GridFSBucket(this.db.db, { bucketName: 'objects' })
  }

  async put(path: string, bytes: Buffer, contentType: string): Promise<void> {
    const etag = etagOf(bytes)
    await new Promise<void>((resolve, reject) => {
      const upload = this.bucket().openUploadStream(path, { metadata: { contentType, etag } })
      upload.once('error', reject)
      upload.once('finish', () => resolve())
      upload.end(bytes)
    })
  }

  async get(path: string): Promise<StoredObject | null> {
    const cached = this.memory.get(path)
    if (cached) return cached
    const bucket = this.bucket()
    const file = await bucket.find({ filename: path }).limit(1).next()
    if (!file) return null
    const chunks: Buffer[] = []
    for await (const chunk of bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer)
    const bytes = Buffer.concat(chunks)
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
    const bucket = this.bucket()
    const files = await bucket.find({ filename: path }).toArray()
    for (const f of files) await bucket.delete(f._id)
  }

  /** Another replica may have deleted an object: called with every cache invalidation. */
  clearMemory() {
    this.memory.clear()
    this.memoryBytes = 0
  }

  private remember(object: StoredObject) {
    if (object.length > this.cacheBytes / 4) return
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
