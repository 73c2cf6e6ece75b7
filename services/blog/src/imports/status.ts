import type { Job } from '@site/service-kit/queues'
import type { Blog } from '../plugins/blog.js'
import type { BlogImportJobStatus } from '@site/contracts'
import type { ImportProgress } from '../jobs/import.js'

/** What a failed job that names no reason shows. */
export const FAILED_TEXT = 'The file could not be imported.'

export type JobView = Pick<BlogImportJobStatus, 'state' | 'stage' | 'progress' | 'attempts' | 'error'>

/**
 * An import job as the admin sees it: BullMQ's states folded into four (delayed, prioritized and
 * a backoff before the next attempt are all "waiting"), the stage and percent the job reported.
 */
export async function jobView(queue: Blog['queue'], read: Job): Promise<JobView> {
  const raw = await read.getState()
  // A finished job's data is read again after its state: `read` may be from before it finished
  // (its last stage, or the error of an earlier attempt) while the state is already the final one.
  const job = raw === 'completed' || raw === 'failed' ? ((await queue.getJob(read.id!)) ?? read) : read
  const state = raw === 'completed' || raw === 'failed' || raw === 'active' ? raw : 'waiting'
  const p = (typeof job.progress === 'object' ? job.progress : {}) as Partial<ImportProgress>
  const view: JobView = {
    state,
    stage: p.stage ?? 'queued',
    progress: Math.max(0, Math.min(100, Math.round(p.percent ?? 0))),
    attempts: job.attemptsMade,
  }
  if (state === 'failed') view.error = job.failedReason || FAILED_TEXT
  return view
}
