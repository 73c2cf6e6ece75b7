import { createQueue } from '../queues/queue.js'

type Env = Record<string, string>
const settings = (env: Env) => ({ redisUrl: env.REDIS_URL!, prefix: env.QUEUE_PREFIX! })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Asks `check` every `everyMs` for up to `limitMs` (the scheduled-publishing tests: is it public
 * yet?); answers when the first round that saw it began (a visitor asking then got it: the round's
 * own time on a loaded machine is not the scheduler's), or null when it never did.
 */
export async function firstSeen(
  check: () => Promise<boolean>,
  limitMs: number,
  everyMs = 50,
): Promise<number | null> {
  const end = Date.now() + limitMs
  while (Date.now() < end) {
    const asked = Date.now()
    if (await check()) return asked
    await sleep(everyMs)
  }
  return null
}

/** Drops every job of a queue, delayed ones included, as a lost Redis would. */
export async function dropQueue(name: string, env: Record<string, string>): Promise<void> {
  const q = createQueue(name, settings(env))
  await q.queue.obliterate({ force: true })
  await q.close()
}

/*
 * Time as an input (issue 43): the schedule tests do not wait for a moment. They check that the
 * save queued its job, delayed to the moment, and then reach the moment by making that job due now
 * (BullMQ's promote): the worker runs the very job it would have run then. A run of a job's payload
 * at any time (an old job after its moment moved, a second run) answers what the worker returned.
 */

/** A queued job of queue `name`: its state and the time it is due (null when there is none). */
export async function queuedJob(
  name: string,
  env: Env,
  jobId: string,
): Promise<{ state: string; dueAt: number; data: Record<string, unknown> } | null> {
  const q = createQueue(name, settings(env))
  try {
    const job = await q.queue.getJob(jobId)
    if (!job) return null
    return { state: await job.getState(), dueAt: job.timestamp + (job.delay ?? 0), data: job.data as never }
  } finally {
    await q.close()
  }
}

/** Makes the delayed job `jobId` due now: the worker runs it as at its moment. */
export async function promoteJob(name: string, env: Env, jobId: string): Promise<void> {
  const q = createQueue(name, settings(env))
  try {
    const job = await q.queue.getJob(jobId)
    if (!job) throw new Error(`no job ${jobId} in ${name}`)
    await job.promote()
  } finally {
    await q.close()
  }
}

/**
 * Has the worker run `data` now, as a job of queue `name` (a copy under an id of its own, kept when
 * done), and answers what the worker returned; throws when it failed or took over `limitMs`.
 */
export async function runJobNow(name: string, env: Env, data: object, limitMs = 10000): Promise<unknown> {
  const q = createQueue(name, settings(env))
  try {
    const job = await q.queue.add('now' as never, data as never, {
      jobId: `now-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      removeOnComplete: false,
      removeOnFail: false,
      attempts: 1,
    })
    const end = Date.now() + limitMs
    while (Date.now() < end) {
      const state = await job.getState()
      if (state === 'completed' || state === 'failed') {
        const done = await q.queue.getJob(job.id!)
        if (state === 'failed') throw new Error(`job failed: ${done?.failedReason}`)
        await done?.remove()
        return done?.returnvalue
      }
      await sleep(25)
    }
    throw new Error(`job not run within ${limitMs} ms`)
  } finally {
    await q.close()
  }
}
