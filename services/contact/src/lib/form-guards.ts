import { createHash } from 'node:crypto'
import type { Redis } from '@site/service-kit'
import { allowInWindow, type RateLimitResult } from './spam.js'

/**
 * The budget of the whole form: requests with a valid proof per window across all addresses.
 * Bot waves from hundreds of addresses pass the per-address limit; this bounds what they can store
 * and mail. Not enforced while Redis is away (as the limits).
 */
export const spendFormBudget = (
  redis: Redis,
  ns: string,
  budget: number,
  windowS: number,
): Promise<RateLimitResult> => allowInWindow(redis, `${ns}:contact:budget`, budget, windowS * 1000)

/**
 * An address as one mailbox: case, Unicode form and a `+tag` do not make another one (a bot
 * varying the tag must not mail one person once per tag).
 */
export function addressHash(email: string): string {
  const [local = '', domain = ''] = email
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/)
  const box = `${local.replace(/\+.*$/, '')}@${domain}`
  return createHash('sha256').update(box).digest('base64url').slice(0, 32)
}

const confirmKey = (ns: string, email: string) => `${ns}:contact:confirmed:${addressHash(email)}`

/**
 * Whether this address gets a confirmation mail: the first request within `onceS` does, later ones
 * do not (the team mail still goes). Redis away: yes (a person's confirmation weighs more than the
 * rare extra mail while it is down).
 */
export async function claimConfirmation(
  redis: Redis,
  ns: string,
  email: string,
  onceS: number,
): Promise<boolean> {
  return (await allowInWindow(redis, confirmKey(ns, email), 1, onceS * 1000)).allowed
}

/** Gives the claim back when the request was not stored after all (a duplicate, the database away). */
export async function releaseConfirmation(redis: Redis, ns: string, email: string): Promise<void> {
  await redis.del(confirmKey(ns, email)).catch(() => undefined)
}
