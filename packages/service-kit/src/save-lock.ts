// One save of a document at a time, across replicas (issue 45). An If-Match save reads the stored
// document, compares its tag and writes; a filter on the read fields would make the write hold
// only while nothing changed, but FerretDB (the embedded default) does not run findAndModify
// atomically: measured, of eight saves racing with the same If-Match, up to five passed. So every
// save of a document through its route holds a short Redis lock over read, check and write.
import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import { HttpError } from './http-error.js'

/** Longest a save may hold the lock (a crashed holder frees it then). */
const HOLD_MS = 10_000
/** Longest a save waits for another save of the same document. */
const WAIT_MS = 5_000

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`

export const SAVE_BUSY = 'Another save of this document is still running. Try again in a moment.'

/**
 * Runs `save` while no other save of `doc` (e.g. `project:<id>`) runs under this prefix. Redis
 * down: 503 (the save is not made, so nothing is lost); waited too long: 503 SAVE_BUSY.
 */
export async function saveExclusively<T>(
  redis: Redis,
  prefix: string,
  doc: string,
  save: () => Promise<T>,
): Promise<T> {
  const key = `${prefix}:save-lock:${doc}`
  const token = randomBytes(12).toString('base64url')
  const until = Date.now() + WAIT_MS
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    let got: string | null
    try {
      got = await redis.set(key, token, 'PX', HOLD_MS, 'NX')
    } catch {
      throw new HttpError(503, 'The save could not be made just now. Try again in a moment.', 'UNAVAILABLE')
    }
    if (got === 'OK') break
    if (Date.now() > until) throw new HttpError(503, SAVE_BUSY, 'SAVE_BUSY')
    await new Promise((r) => setTimeout(r, pause))
  }
  try {
    return await save()
  } finally {
    await redis.eval(RELEASE, 1, key, token).catch(() => {})
  }
}
