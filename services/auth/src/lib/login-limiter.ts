import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { HttpError, clientKey } from '@site/service-kit'

/**
 * Counts failed password checks in Redis (shared by all replicas), keyed so that nobody can lock
 * an account for everyone (issue 29): per username and address (the limit a guesser meets), per
 * address over all usernames (one address trying many names), and per username over all
 * addresses, far larger (a guess from many addresses). The per-username cap does not apply to
 * an address that signed in to that account in the last 30 days, so the admin's own browser
 * stays usable while strangers exhaust it.
 *
 * An attempt is reserved before the password is checked (atomically, in one script), so parallel
 * requests cannot get past a limit. Redis away → the caller gets an error and answers 503 (fail closed).
 */
const RESERVE = `
local trusted = redis.call('SISMEMBER', KEYS[4], ARGV[5]) == 1
for i = 1, 3 do
  if not (i == 3 and trusted) then
    if tonumber(redis.call('GET', KEYS[i]) or '0') >= tonumber(ARGV[i + 1]) then
      return redis.call('PTTL', KEYS[i])
    end
  end
end
for i = 1, 3 do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[1]) end
end
return 0`

// Gives a reservation back without creating a key (a DECR on an expired key would leave -1 forever).
const GIVE_BACK = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0`

/** How long an address that signed in stays exempt from the per-username cap. */
const TRUSTED_MS = 30 * 24 * 3600 * 1000

export interface LimiterSettings {
  /** Failures per username and address in a window (spec §9: 5 per 15 minutes). */
  maxFailures: number
  /** Failures per address, whatever the username. */
  maxPerAddress: number
  /** Failures per username from addresses that have not signed in to it. */
  maxPerUsername: number
  windowMs: number
  /** Key prefix: the deployment's (QUEUE_PREFIX), so tests and deployments sharing a Redis stay apart. */
  prefix: string
}

export interface Attempt {
  /** The password was right: this address's failures for the name are forgotten and it is trusted. */
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
    /** Reserves one attempt for this address and username key, or throws TooManyAttempts (429). */
    async reserve(address: string, usernameKey: string): Promise<Attempt> {
      const ip = clientKey(address)
      const user = digest(usernameKey)
      const pairKey = `${prefix}:pair:${digest(`${user}\n${ip}`)}`
      const ipKey = `${prefix}:ip:${ip}`
      const userKey = `${prefix}:user:${user}`
      const trustedKey = `${prefix}:trusted:${user}`
      const blockedMs = Number(
        await redis().eval(
          RESERVE,
          4,
          pairKey,
          ipKey,
          userKey,
          trustedKey,
          String(s.windowMs),
          String(s.maxFailures),
          String(s.maxPerAddress),
          String(s.maxPerUsername),
          ip,
        ),
      )
      if (blockedMs !== 0)
        throw new TooManyAttempts(Math.ceil((blockedMs > 0 ? blockedMs : s.windowMs) / 1000))
      return {
        async succeeded() {
          // The username's count is not reset: a sign-in must not hand a distributed guesser a fresh cap.
          await redis().eval(GIVE_BACK, 2, ipKey, userKey)
          await redis().multi().del(pairKey).sadd(trustedKey, ip).pexpire(trustedKey, TRUSTED_MS).exec()
        },
        async release() {
          await redis()
            .eval(GIVE_BACK, 3, pairKey, ipKey, userKey)
            .catch(() => undefined)
        },
      }
    },
  }
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>
