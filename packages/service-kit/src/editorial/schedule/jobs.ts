import type { Queue } from 'bullmq'
import type { Model, Types } from 'mongoose'
import type { ChangeKind, ScheduleJobOf } from '@site/contracts'
import type { ChangeLog } from '../../changes/log.js'
import { isObjectId } from '../../ids.js'
import type { Log } from '../../log.js'
import { SCHEDULER, type Schedulable } from './rules.js'

type Action = 'publish' | 'unpublish'
const FIELD = { publish: 'publish_at', unpublish: 'unpublish_at' } as const
type Doc = Schedulable & { _id: Types.ObjectId }

/** What is scheduled and how its jobs name it: the change kind (also the job ids' prefix) and the payload's id field. */
export interface ScheduleKind<K extends string> {
  kind: Extract<ChangeKind, 'post' | 'page'>
  idKey: K
}

/** One job per document, action and moment: adding it again (a retried save, the sweep) is the same job. */
export const scheduleJobId = (kind: string, id: string, action: Action, at: Date) =>
  `${kind}-${id}-${action}-${at.getTime()}`

/** The delayed jobs a document's schedule asks for (none for a moment it has no more). */
export function jobsOf<K extends string>(spec: ScheduleKind<K>, doc: Doc) {
  const jobs: { id: string; data: ScheduleJobOf<K>; delay: number }[] = []
  for (const action of ['publish', 'unpublish'] as const) {
    const at = doc[FIELD[action]]
    if (!(at instanceof Date)) continue
    const id = String(doc._id)
    jobs.push({
      id: scheduleJobId(spec.kind, id, action, at),
      data: { [spec.idKey]: id, action, at: at.toISOString() } as ScheduleJobOf<K>,
      delay: Math.max(0, at.getTime() - Date.now()),
    })
  }
  return jobs
}

/**
 * After a save: adds the document's delayed jobs and removes the ones of moments it no longer
 * holds (a courtesy: a stale job finds its moment gone and does nothing). Best effort: while Redis
 * is away the worker's sweep finds the due document in the database.
 */
export async function enqueueSchedule<K extends string>(
  spec: ScheduleKind<K>,
  queue: Queue<ScheduleJobOf<K>>,
  doc: Doc,
  before: Doc | null,
  log: Log,
): Promise<void> {
  try {
    const wanted = jobsOf(spec, doc)
    const stale = before ? jobsOf(spec, before).filter((j) => !wanted.some((w) => w.id === j.id)) : []
    for (const job of stale) await queue.remove(job.id).catch(() => 0)
    // BullMQ's add is typed with its name-inference generics: the payload is ours.
    for (const job of wanted)
      await queue.add(job.data.action as never, job.data as never, { jobId: job.id, delay: job.delay })
  } catch (err) {
    log.warn({ err, [spec.idKey]: String(doc._id) }, 'schedule not queued: the sweep will act on it')
  }
}

export interface ScheduleDeps<K extends string, D extends Doc> extends ScheduleKind<K> {
  model: Model<D>
  changes: ChangeLog
  /** The document as the API answers it (its history's snapshot). */
  toDto: (doc: D) => { id: string } & Record<string, unknown>
  /** The name the history and the audit trail show. */
  label: (doc: D) => string
}

/**
 * Publishes (or unpublishes) a document if it still holds the job's moment: one conditional
 * update, so of two runs (a retried job, the sweep and the job, two workers) exactly one writes.
 * The write takes the one after-write path like an admin's (read caches, history, audit, purges,
 * the chat's index) with the scheduler as actor; a publish or unpublish is never `stale`.
 */
export async function runScheduled<K extends string, D extends Doc>(
  job: ScheduleJobOf<K>,
  deps: ScheduleDeps<K, D>,
): Promise<{ done: boolean }> {
  const id = job[deps.idKey]
  if (!isObjectId(id)) return { done: false }
  const field = FIELD[job.action]
  const publish = job.action === 'publish'
  const set: Record<string, unknown> = { [field]: null, published: publish, updated_at: new Date() }
  const before = await deps.model
    .findOneAndUpdate(
      { _id: id, published: !publish, [field]: new Date(job.at) } as never,
      { $set: set },
      { returnDocument: 'before' },
    )
    .lean<D>()
  if (!before) return { done: false }
  const after = { ...before, ...set } as D
  const snapshot = deps.toDto(after)
  await deps.changes.afterWrite({
    kind: deps.kind,
    action: job.action,
    target: { id: snapshot.id, label: deps.label(after) },
    before: deps.toDto(before),
    snapshot,
    actor: SCHEDULER,
  })
  return { done: true }
}

/**
 * Marks the documents scheduled before saves marked them (scheduledMark), once per collection: the
 * one sweep that reads the whole collection. Remembered beside it, in `schedule_state`.
 */
async function markEarlierSchedules<D extends Doc>(model: Model<D>, kind: string) {
  const state = model.db.collection<{ _id: string; at: Date }>('schedule_state')
  const first = await state
    .updateOne({ _id: `${kind}-marked` }, { $setOnInsert: { at: new Date() } }, { upsert: true })
    .catch(() => null)
  if (!first?.upsertedCount) return
  const notNull = model.base.trusted({ $ne: null })
  await model
    .updateMany(
      { $or: [{ publish_at: notNull }, { unpublish_at: notNull }] } as never,
      { $set: { scheduled: true } } as never,
      { timestamps: false },
    )
    .catch(async (err: unknown) => {
      await state.deleteOne({ _id: `${kind}-marked` })
      throw err
    })
}

/**
 * At the worker's start and then periodically: acts on every moment already past (a job lost with
 * Redis, or added while Redis was away) and adds the jobs of the moments ahead (the same ids, so
 * existing ones are kept). Answers how many it acted on.
 */
export async function sweepSchedule<K extends string, D extends Doc>(
  deps: ScheduleDeps<K, D>,
  queue: Queue<ScheduleJobOf<K>>,
  log: Log,
): Promise<number> {
  const now = new Date()
  await markEarlierSchedules(deps.model, deps.kind)
  const scheduled = await deps.model
    .find({ scheduled: true } as never, { _id: 1, publish_at: 1, unpublish_at: 1 })
    .lean<Doc[]>()
  let acted = 0
  for (const doc of scheduled) {
    const jobs = jobsOf(deps, doc)
    // Its moments have passed: no longer read by the sweep (unless a save set one meanwhile).
    if (!jobs.length)
      await deps.model.updateOne(
        { _id: doc._id, publish_at: null, unpublish_at: null } as never,
        { $unset: { scheduled: 1 } } as never,
        { timestamps: false },
      )
    for (const job of jobs) {
      if (new Date(job.data.at) <= now) {
        if ((await runScheduled(job.data, deps)).done) acted++
      } else {
        await queue
          .add(job.data.action as never, job.data as never, { jobId: job.id, delay: job.delay })
          .catch((err: unknown) => log.warn({ err, jobId: job.id }, 'schedule sweep could not queue a job'))
      }
    }
  }
  return acted
}
