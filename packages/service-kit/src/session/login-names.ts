import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'

/**
 * Login names are never shown publicly (issue 29): knowing the admin's name is half of locking or
 * guessing the account. The auth service records a hash of every account's login name in one
 * Redis set of the deployment; the services that publish names written by people (the blog's
 * bylines) ask it which of theirs are login names and show the site's byline instead.
 */

/** The lookup form of a username: case-insensitive, the same for look-alike Unicode forms. */
export const usernameKey = (username: string) => username.normalize('NFKC').trim().toLowerCase()

/** Redis set of the hashes of the deployment's login names (under QUEUE_PREFIX). */
export const loginNamesKey = (prefix: string) => `${prefix}:login-names`

const digest = (name: string) =>
  createHash('sha256').update(usernameKey(name)).digest('base64url').slice(0, 32)

/** Records login names (the auth service, at start and whenever one is created, renamed or used). */
export async function recordLoginNames(redis: Redis, prefix: string, names: string[]): Promise<void> {
  if (names.length) await redis.sadd(loginNamesKey(prefix), ...names.map(digest))
}

/** Which of `names` are login names. Throws when Redis cannot answer: the caller must not guess. */
export async function loginNamesAmong(redis: Redis, prefix: string, names: string[]): Promise<Set<string>> {
  const distinct = [...new Set(names.filter((n) => n.trim()))]
  if (!distinct.length) return new Set()
  const found = await redis.smismember(loginNamesKey(prefix), ...distinct.map(digest))
  return new Set(distinct.filter((_n, i) => found[i] === 1))
}
