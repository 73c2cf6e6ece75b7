import mongoose from 'mongoose'
import type { Queue } from 'bullmq'
import type { BlogScheduleJob } from '@site/contracts'
import type { ChangeLog } from '@site/service-kit/changes'
import { isObjectId, type Log } from '@site/service-kit'
import type { PostDoc, PostModel } from '../models/post.js'
import { toPostDto } from './dto.js'

/** Who the history and the audit trail name for a scheduled publish. */
export const SCHEDULER = { id: null, name: 'scheduler' }

type Action = BlogScheduleJob['action']
const FIELD = { publish: 'publish_at', unpublish: 'unpublish_at' } as const

/** One job per post, action and moment: adding it again (a retried save, the sweep) is the same job. */
export const scheduleJobId = (postId: string, action: Action, at: Date) =>
  `post-${postId}-${action}-${at.getTime()}`

/** The delayed jobs a post's schedule asks for (none for a moment it has no more). */
export function jobsOf(post: Pick<PostDoc, '_id' | 'publish_at' | 'unpublish_at'>) {
  const jobs: { id: string; data: BlogScheduleJob; delay: number }[] = []
  for (const action of ['publish', 'unpublish'] as const) {
    const at = post[FIELD[action]]
    if (!(at instanceof Date)) continue
    const postId = String(post._id)
    jobs.push({
      id: scheduleJobId(postId, action, at),
      data: { postId, action, at: at.toISOString() },
      delay: Math.max(0, at.getTime() - Date.now()),
    })
  }
  return jobs
}

/**
 * Adds the post's delayed jobs and removes the ones of moments it no longer holds (a courtesy: a
 * stale job finds its moment gone and does nothing). Best effort: while Redis is away the worker's
 * sweep finds the due post in the database.
 */
export async function enqueueSchedule(
  queue: Queue<BlogScheduleJob>,
  post: PostDoc,
  before: PostDoc | null,
  log: Log,
): Promise<void> {
  try {
    const wanted = jobsOf(post)
    const stale = before ? jobsOf(before).filter((j) => !wanted.some((w) => w.id === j.id)) : []
    for (const job of stale) await queue.remove(job.id).catch(() => 0)
    for (const job of wanted) await queue.add(job.data.action, job.data, { jobId: job.id, delay: job.delay })
  } catch (err) {
    log.warn({ err, postId: String(post._id) }, 'schedule not queued: the sweep will act on it')
  }
}

export interface ScheduleDeps {
  posts: PostModel
  changes: ChangeLog
  /** After the write: the published cache of every replica (bumpPostsVersion). */
  written: () => Promise<void>
}

/**
 * Publishes (or unpublishes) a post if it still holds the job's moment: one conditional update, so
 * of two runs (a retried job, the sweep and the job, two workers) exactly one writes. The write is
 * recorded like an admin's (history, audit, purges, the chat's index) with the scheduler as actor.
 */
export async function runScheduled(job: BlogScheduleJob, deps: ScheduleDeps): Promise<{ done: boolean }> {
  if (!isObjectId(job.postId)) return { done: false }
  const field = FIELD[job.action]
  const publish = job.action === 'publish'
  const set: Record<string, unknown> = { [field]: null, published: publish }
  const before = await deps.posts
    .findOneAndUpdate(
      { _id: job.postId, published: !publish, [field]: new Date(job.at) },
      { $set: set },
      { returnDocument: 'before' },
    )
    .lean<PostDoc>()
  if (!before) return { done: false }
  const after = { ...before, ...set, updated_at: new Date() } as PostDoc
  await deps.written()
  const post = toPostDto(after)
  await deps.changes.record({
    kind: 'post',
    action: job.action,
    target: { id: post.id, label: post.title_nl || post.slug },
    before: toPostDto(before),
    snapshot: post,
    actor: SCHEDULER,
  })
  return { done: true }
}

/**
 * At the worker's start and then periodically: acts on every moment already past (a job lost with
 * Redis, or added while Redis was away) and adds the jobs of the moments ahead (the same ids, so
 * existing ones are kept).
 */
export async function sweepSchedule(
  deps: ScheduleDeps,
  queue: Queue<BlogScheduleJob>,
  log: Log,
): Promise<number> {
  const now = new Date()
  const scheduled = await deps.posts
    .find(
      {
        $or: [
          { publish_at: mongoose.trusted({ $ne: null }) },
          { unpublish_at: mongoose.trusted({ $ne: null }) },
        ],
      },
      { _id: 1, publish_at: 1, unpublish_at: 1 },
    )
    .lean<PostDoc[]>()
  let acted = 0
  for (const post of scheduled) {
    for (const job of jobsOf(post)) {
      if (new Date(job.data.at) <= now) {
        if ((await runScheduled(job.data, deps)).done) acted++
      } else {
        await queue
          .add(job.data.action, job.data, { jobId: job.id, delay: job.delay })
          .catch((err: unknown) => {
            log.warn({ err, jobId: job.id }, 'schedule sweep could not queue a job')
          })
      }
    }
  }
  return acted
}
