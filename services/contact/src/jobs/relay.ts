import mongoose from 'mongoose'
import type { ContactModel } from '../models/contact.js'
import type { NotifyQueue } from '../lib/notify-queue.js'
import type { Log } from '@site/service-kit'

export interface RelayOptions {
  contacts: ContactModel
  notify: NotifyQueue
  intervalMs: number
  /** Requests younger than this were just enqueued by the API; leave them alone. */
  minAgeMs: number
  log: Log
  onRequeue?: () => void
}

const BATCH = 500

/**
 * The outbox relay: every request whose notification is still pending must have a live job.
 * A job that is waiting, delayed or active is left as it is; a missing one (Redis was away at
 * submit, or lost its data) is enqueued; a finished job beside a pending request (a crash between
 * the two writes) is replaced. Walks all pending requests each pass, oldest first, in batches,
 * found by their `notifyPending` mark (an index): an idle relay reads nothing.
 */
export async function relayPass(o: Omit<RelayOptions, 'intervalMs'>): Promise<number> {
  await markPending(o.contacts)
  let requeued = 0
  let after: mongoose.Types.ObjectId | undefined
  const cutoff = new Date(Date.now() - o.minAgeMs)
  for (;;) {
    const batch = await o.contacts
      .find(
        {
          notifyPending: true,
          createdAt: mongoose.trusted({ $lt: cutoff }),
          ...(after ? { _id: mongoose.trusted({ $gt: after }) } : {}),
        },
        { _id: 1 },
      )
      .sort({ _id: 1 })
      .limit(BATCH)
      .lean()
    requeued += await requeueMissing(
      o,
      batch.map((d) => d._id.toString()),
    )
    if (batch.length < BATCH) break
    after = batch[batch.length - 1]!._id
  }
  if (requeued > 0) o.log.info({ requeued }, 'relay queued pending notifications')
  return requeued
}

const marked = new WeakSet<ContactModel>()
const MARK_STATE = { _id: 'notify-pending-mark' }

/**
 * Requests kept before `notifyPending` existed carry only their status: they are marked once per
 * database (a state document says it was done), reading the collection whole that one time.
 */
async function markPending(contacts: ContactModel) {
  if (marked.has(contacts)) return
  const state = contacts.db.collection<{ _id: string }>('contact_state')
  if (!(await state.findOne(MARK_STATE))) {
    await contacts.updateMany(
      { 'notification.status': 'pending', notifyPending: mongoose.trusted({ $exists: false }) },
      { $set: { notifyPending: true } },
    )
    await state.updateOne(MARK_STATE, { $set: { at: new Date() } }, { upsert: true })
  }
  marked.add(contacts)
}

/**
 * One round trip for a whole batch: does each job exist, and has it finished (BullMQ keeps a job's
 * hash at `<prefix>:<queue>:<id>` and finished ids in the `completed` and `failed` sorted sets)?
 */
async function requeueMissing(o: Omit<RelayOptions, 'intervalMs'>, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0
  const q = o.notify.queue
  const pipeline = o.notify.connection.pipeline()
  for (const id of ids)
    pipeline.exists(q.toKey(id)).zscore(q.toKey('completed'), id).zscore(q.toKey('failed'), id)
  const replies = (await pipeline.exec()) ?? []
  let requeued = 0
  for (const [i, id] of ids.entries()) {
    const [exists, completed, failed] = [0, 1, 2].map((k) => replies[i * 3 + k]?.[1])
    const live = Number(exists) === 1 && completed == null && failed == null
    if (live) continue
    if (Number(exists) === 1) await q.remove(id)
    await o.notify.enqueue(id)
    requeued++
    o.onRequeue?.()
  }
  return requeued
}

/** Runs relayPass every intervalMs (never overlapping) until stopped. */
export function startRelay(o: RelayOptions) {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()
  const tick = () => {
    running = relayPass(o)
      .catch((err: unknown) =>
        o.log.warn({ reason: (err as Error).message }, 'relay pass failed; will retry'),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, o.intervalMs)
      })
  }
  timer = setTimeout(tick, 0)
  return {
    async close() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
