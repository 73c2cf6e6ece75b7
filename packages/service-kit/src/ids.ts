import { randomBytes } from 'node:crypto'

/**
 * A MongoDB ObjectId as the API shows it: 24 hex digits. Ids in paths are checked with this before
 * a query, so a malformed id is simply not found (404) instead of a cast error.
 */
export const isObjectId = (id: unknown): id is string => typeof id === 'string' && /^[a-f0-9]{24}$/i.test(id)

/**
 * A fresh ObjectId as a hex string (4 bytes of seconds, then random bytes), for ids handed out before
 * or without a document: it sorts by time like the ones MongoDB makes and passes `isObjectId`.
 */
export function newObjectId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0')
  return seconds + randomBytes(8).toString('hex')
}
