import { createQueue } from '../queues/queue.js'

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
  const q = createQueue(name, { redisUrl: env.REDIS_URL!, prefix: env.QUEUE_PREFIX! })
  await q.queue.obliterate({ force: true })
  await q.close()
}
