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

/**
 * The member that says the set holds every account's name: added only with a whole list (the
 * auth service's start). A set that lost it (Redis restarted without its data, a flush, a
 * failover) and was then re-created by a single sign-in is incomplete, and is treated as unknown.
 * A digest is 32 base64url characters, so no name can collide with it.
 */
export const LOGIN_NAMES_COMPLETE = '!complete'

/**
 * Records login names (the auth service, at start and whenever one is created, renamed or used).
 * `complete`: `names` is every account's name, so the set is whole again.
 */
export async function recordLoginNames(
  redis: Redis,
  prefix: string,
  names: string[],
  { complete = false } = {},
): Promise<void> {
  const members = names.map(digest)
  if (complete) members.push(LOGIN_NAMES_COMPLETE)
  if (members.length) await redis.sadd(loginNamesKey(prefix), ...members)
}

/** Whether the set still holds every account's name (see LOGIN_NAMES_COMPLETE). */
export async function loginNamesComplete(redis: Redis, prefix: string): Promise<boolean> {
  return (await redis.sismember(loginNamesKey(prefix), LOGIN_NAMES_COMPLETE)) === 1
}

/**
 * Which of `names` are login names. Throws when Redis cannot answer or the set is not whole (it
 * was lost and not yet recorded again): the caller must not guess, and fails closed.
 */
export async function loginNamesAmong(redis: Redis, prefix: string, names: string[]): Promise<Set<string>> {
  const distinct = [...new Set(names.filter((n) => n.trim()))]
  if (!distinct.length) return new Set()
  const found = await redis.smismember(loginNamesKey(prefix), LOGIN_NAMES_COMPLETE, ...distinct.map(digest))
  if (found[0] !== 1) throw new Error('the login-names set is not complete')
  return new Set(distinct.filter((_n, i) => found[i + 1] === 1))
}
