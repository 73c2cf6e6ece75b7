import mongoose, { type Connection } from 'mongoose'
import type { BlogSourceLanguage } from '@site/contracts'
import { isDuplicateKey } from '@site/service-kit'

export type UploadKind = 'txt' | 'md' | 'docx'

/** What the admin sent beside the file; it travels with the stored upload, not in the job. */
export interface UploadOverrides {
  title_nl?: string
  title_en?: string
  excerpt_nl?: string
  excerpt_en?: string
  tags?: string[]
  publish?: boolean
  sourceLanguage?: BlogSourceLanguage
}

export interface UploadMeta {
  kind: UploadKind
  filename: string
  /** The admin who uploaded it (login name: the imports list and the change record, admins only). */
  author: string
  /** The post's byline: the admin's display name or the site's (never the login name); absent on uploads stored before it. */
  byline?: string
  overrides: UploadOverrides
}

/** Uploads live in GridFS (bucket `uploads`) under their content id, so the same upload is stored once. */
export function uploadBucket(db: Connection): mongoose.mongo.GridFSBucket {
  if (!db.db) throw new Error('database not connected')
  return new mongoose.mongo.GridFSBucket(db.db, { bucketName: 'uploads' })
}

export async function storeUpload(
  db: Connection,
  id: string,
  bytes: Buffer,
  meta: UploadMeta,
): Promise<void> {
  const bucket = uploadBucket(db)
  const existing = await bucket
    .find({ _id: id as never })
    .limit(1)
    .toArray()
  if (existing.length) return
  await new Promise<void>((resolve, reject) => {
    const stream = bucket.openUploadStreamWithId(id as never, meta.filename, { metadata: meta })
    stream.once('error', reject)
    stream.once('finish', () => resolve())
    stream.end(bytes)
  }).catch((err: unknown) => {
    if (!isDuplicateKey(err)) throw err // stored meanwhile by a concurrent identical upload
  })
}

export async function loadUpload(
  db: Connection,
  id: string,
): Promise<{ bytes: Buffer; meta: UploadMeta } | null> {
  const bucket = uploadBucket(db)
  const [file] = await bucket
    .find({ _id: id as never })
    .limit(1)
    .toArray()
  if (!file) return null
  const chunks: Buffer[] = []
  for await (const chunk of bucket.openDownloadStream(id as never)) chunks.push(chunk as Buffer)
  return { bytes: Buffer.concat(chunks), meta: file.metadata as UploadMeta }
}

/** Whether the file of an upload is still stored (a failed import keeps it for a Retry). */
export async function uploadStored(db: Connection, id: string): Promise<boolean> {
  const [file] = await uploadBucket(db)
    .find({ _id: id as never })
    .limit(1)
    .toArray()
  return Boolean(file)
}

export async function deleteUpload(db: Connection, id: string): Promise<void> {
  await uploadBucket(db)
    .delete(id as never)
    .catch(() => undefined)
}
