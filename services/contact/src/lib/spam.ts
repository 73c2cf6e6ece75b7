import { createHash } from 'node:crypto'
import { clientKey, countInWindow, type Redis } from '@site/service-kit'

export interface RateLimitResult {
  allowed: boolean
  retryAfterS: number
}

// Keys live under the deployment's QUEUE_PREFIX, so deployments (and test files) sharing a Redis stay apart.

/**
 * At most `limit` hits on `key` per window (the kit's fixed-window `countInWindow`): the form's
 * per-address limit, its budget, the once-only proof and confirmation claims (limit 1) all count
 * this way. While Redis is away it allows: losing a person's request weighs more than letting a
 * few extra ones through (docs/contact.md, "Spam").
 */
export async function allowInWindow(
  redis: Redis,
  key: string,
  limit: number,
  windowMs: number,
): Promise<RateLimitResult> {
  try {
    const { count, ttlMs } = await countInWindow(redis, key, windowMs)
    return { allowed: count <= limit, retryAfterS: Math.max(1, Math.ceil(ttlMs / 1000)) }
  } catch {
    return { allowed: true, retryAfterS: 0 }
  }
}

/** Fixed-window counter per client IP (hashed). */
export function hitRateLimit(
  redis: Redis,
  ns: string,
  ip: string,
  limit: number,
  windowS: number,
): Promise<RateLimitResult> {
  const key = `${ns}:contact:rl:${createHash('sha256').update(clientKey(ip)).digest('base64url').slice(0, 22)}`
  return allowInWindow(redis, key, limit, windowS * 1000)
}

/** The same person sending the same message: normalized, so a double click or a resend matches. */
export function dedupeKey(fields: { name: string; email: string; message: string }): string {
  const norm = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase()
  return createHash('sha256')
    .update([norm(fields.email), norm(fields.name), norm(fields.message)].join('\u0000'))
    .digest('base64url')
}

const dedupeRedisKey = (ns: string, key: string) => `${ns}:contact:dedupe:${key}`

/** The id of a request with the same key stored within the window, if Redis remembers one. */
export async function recentDuplicate(
  redis: Redis,
  ns: string,
  key: string,
): Promise<string | null | undefined> {
  try {
    return await redis.get(dedupeRedisKey(ns, key))
  } catch {
    return undefined // unknown: Redis is away
  }
}

export async function rememberSubmission(
  redis: Redis,
  ns: string,
  key: string,
  id: string,
  windowS: number,
): Promise<void> {
  await redis.set(dedupeRedisKey(ns, key), id, 'EX', windowS).catch(() => undefined)
}

export async function forgetSubmission(redis: Redis, ns: string, key: string): Promise<void> {
  await redis.del(dedupeRedisKey(ns, key)).catch(() => undefined)
}
