import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { HttpError } from '@site/service-kit'

/**
 * Counts failed password checks per client IP and per username in Redis (shared by all replicas).
 * An attempt is reserved before the password is checked (atomically, in one script), so parallel
 * requests cannot get past the limit: with a limit of 5, the 6th attempt in the window is refused
 * with 429 whatever the password. Redis away → the caller gets an error and answers 503 (fail closed).
 */
const RESERVE = `
for i, key in ipairs(KEYS) do
  local n = tonumber(redis.call('GET', key) or '0')
  if n >= tonumber(ARGV[2]) then
    return redis.call('PTTL', key)
  end
end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
end
return 0`

// Gives a reservation back without creating a key (a DECR on an expired key would leave -1 forever).
const GIVE_BACK = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0`

export interface LimiterSettings {
  maxFailures: number
  windowMs: number
  /** Key prefix: the deployment's (QUEUE_PREFIX), so tests and deployments sharing a Redis stay apart. */
  prefix: string
}

export interface Attempt {
  /** The password was right: the username's failures are forgotten, the IP's reservation returned. */
  succeeded(): Promise<void>
  /** The check could not be made (database away): the reservation is returned. */
  release(): Promise<void>
}

export class TooManyAttempts extends HttpError {
  constructor(retryAfterS: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterS / 60))
    super(
      429,
      `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      'TOO_MANY_ATTEMPTS',
      { 'retry-after': String(retryAfterS) },
    )
  }
}

export function createLoginLimiter(redis: () => Redis, s: LimiterSettings) {
  const prefix = s.prefix
  const digest = (v: string) => createHash('sha256').update(v).digest('base64url').slice(0, 32)

  return {
    /** Reserves one attempt for this IP and username key, or throws TooManyAttempts (429). */
    async reserve(ip: string, usernameKey: string): Promise<Attempt> {
      const ipKey = `${prefix}:ip:${ip}`
      const userKey = `${prefix}:user:${digest(usernameKey)}`
      const blockedMs = Number(
        await redis().eval(RESERVE, 2, ipKey, userKey, String(s.windowMs), String(s.maxFailures)),
      )
      if (blockedMs !== 0)
        throw new TooManyAttempts(Math.ceil((blockedMs > 0 ? blockedMs : s.windowMs) / 1000))
      return {
        async succeeded() {
          await redis().eval(GIVE_BACK, 1, ipKey)
          await redis().del(userKey)
        },
        async release() {
          await redis()
            .eval(GIVE_BACK, 2, ipKey, userKey)
            .catch(() => undefined)
        },
      }
    },
  }
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>
