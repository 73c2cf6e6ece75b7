import mongoose, { type Connection } from 'mongoose'
import { conflict, notFound, type Log } from '@site/service-kit'
import type { BlogImport } from '@site/contracts'
import type { Blog } from '../plugins/blog.js'
import type { ImportDoc, ImportModel } from '../models/import.js'
import { deleteUpload, uploadStored, type UploadMeta } from '../models/upload.js'
import { importViews } from './list.js'

/** Imports are listed for a week, as long as the queue keeps a failed job; then record and file go. */
export const IMPORTS_KEEP_MS = 7 * 24 * 3600 * 1000
/** At most this many old records go per sweep (a sweep runs with every upload). */
const SWEEP_BATCH = 100

const STILL_RUNNING = 'This import is still running; only a failed import can be retried.'
const FINISHED = 'This import has finished; only a failed import can be retried.'
const FILE_GONE = 'The file of this import is no longer stored; please upload it again.'

/**
 * Notes an import the upload route has just queued (after the job exists: a record always has a
 * job or had one). The same upload again refreshes its one record: new uploader, new date.
 */
export async function recordImport(
  ctx: Blog,
  db: Connection,
  log: Log,
  jobId: string,
  uploadId: string,
  meta: Pick<UploadMeta, 'filename' | 'kind' | 'author'>,
): Promise<void> {
  await ctx.imports.updateOne(
    { _id: jobId },
    { $set: { upload_id: uploadId, ...meta, created_at: new Date() } },
    { upsert: true },
  )
  await sweepImports(ctx.imports, db).catch((err: unknown) =>
    log.warn({ err }, 'blog: sweeping old import records failed; the next upload tries again'),
  )
}

/**
 * Deletes records older than IMPORTS_KEEP_MS and the files they kept (a failed import keeps its
 * file for the Retry). No TTL index: FerretDB has none (design §3).
 */
export async function sweepImports(imports: ImportModel, db: Connection, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - IMPORTS_KEEP_MS)
  const old = await imports
    .find({ created_at: mongoose.trusted({ $lt: cutoff }) }, { upload_id: 1 })
    .limit(SWEEP_BATCH)
    .lean<Pick<ImportDoc, '_id' | 'upload_id'>[]>()
  if (!old.length) return 0
  await imports.deleteMany({ _id: mongoose.trusted({ $in: old.map((d) => d._id) }) })
  for (const d of old) await deleteUpload(db, d.upload_id)
  return old.length
}

/**
 * Runs a failed import again with all its attempts (BullMQ's retry of the same job id): at most
 * one post still results (the job is idempotent by upload id). Anything but a failed import is a
 * 409, also the second of two retries sent at once (the queue moves a job out of "failed" once).
 */
export async function retryImport(ctx: Blog, db: Connection, id: string): Promise<BlogImport> {
  const record = await ctx.imports.findById(id).lean<ImportDoc>()
  if (!record) throw notFound('Import not found', 'IMPORT_NOT_FOUND')
  const job = await ctx.queue.getJob(id)
  const state = job ? await job.getState() : 'completed'
  if (!job || state !== 'failed')
    throw conflict(state === 'completed' ? FINISHED : STILL_RUNNING, 'IMPORT_NOT_FAILED')
  if (!(await uploadStored(db, record.upload_id))) throw conflict(FILE_GONE, 'IMPORT_FILE_GONE')
  // The failed run's stage no longer holds; reset before the retry, after it a worker may report already.
  await job.updateProgress({ stage: 'queued', percent: 0 })
  try {
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true })
  } catch (err) {
    if ((await job.getState()) !== 'failed') throw conflict(STILL_RUNNING, 'IMPORT_NOT_FAILED')
    throw err
  }
  // The answer is the import as this call left it, queued: a read of the job after the retry may
  // already find it failed again (a file that fails at once, such as code in front matter), and
  // the admin would see no retry happen. The list's next read follows the job from here.
  const [view] = await importViews(ctx, [record])
  return { ...view!, state: 'waiting', stage: 'queued', progress: 0, attempts: 0, error: undefined }
}
