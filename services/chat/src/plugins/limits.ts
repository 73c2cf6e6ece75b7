import fp from 'fastify-plugin'
import { clientKey, countInWindow, type Redis } from '@site/service-kit'

export interface Limits {
  /** Counts a message; the name of the first exceeded limit and its seconds to wait, or null. */
  hit(sessionId: string, ip: string): Promise<{ limit: string; retryAfterS: number } | null>
  /** Takes one model call from today's global budget; false when it is spent. */
  takeLlmCall(): Promise<boolean>
  /** Counts a rating from this client address; its seconds to wait when over the limit, or null. */
  hitFeedback(ip: string): Promise<number | null>
}

declare module 'fastify' {
  interface FastifyInstance {
    chatLimits: Limits
  }
}

export interface LimitOptions {
  prefix: string
  sessionPerMinute: number
  ipPerMinute: number
  ipPerDay: number
  dailyLlmBudget: number
  feedbackPerMinute: number
  now?: () => number
}

/**
 * Each limit counts in a window that starts at its first hit (the key's expiry), not on the clock's
 * minute: a burst across a minute's end is counted whole (a clock-aligned window let 12 + 12 through
 * and made its test fail when it ran across a minute's end), and the wait is the window's rest.
 */
const waitS = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000))

export function createLimits(redis: () => Redis, o: LimitOptions): Limits {
  const now = o.now ?? Date.now
  const MIN = 60_000
  const DAY = 24 * 3600_000
  return {
    async hit(sessionId, address) {
      const ip = clientKey(address)
      const rules = [
        { limit: 'session', key: `session:${sessionId}`, max: o.sessionPerMinute, window: MIN },
        { limit: 'ip-minute', key: `ip:${ip}`, max: o.ipPerMinute, window: MIN },
        { limit: 'ip-day', key: `ipday:${ip}`, max: o.ipPerDay, window: DAY },
      ]
      const counts = await Promise.all(
        rules.map((r) => countInWindow(redis(), `${o.prefix}:${r.key}`, r.window)),
      )
      const i = rules.findIndex((r, k) => counts[k]!.count > r.max)
      if (i < 0) return null
      return { limit: rules[i]!.limit, retryAfterS: waitS(counts[i]!.ttlMs) }
    },
    async takeLlmCall() {
      if (o.dailyLlmBudget <= 0) return false
      // Today's budget: the calendar day (UTC), whatever hour the first call came.
      const used = await countInWindow(redis(), `${o.prefix}:llm-budget:${Math.floor(now() / DAY)}`, DAY)
      return used.count <= o.dailyLlmBudget
    },
    async hitFeedback(address) {
      const used = await countInWindow(redis(), `${o.prefix}:feedback:${clientKey(address)}`, MIN)
      return used.count > o.feedbackPerMinute ? waitS(used.ttlMs) : null
    },
  }
}

export default fp<LimitOptions>(
  async (app, opts) => {
    app.decorate(
      'chatLimits',
      createLimits(() => app.redis, opts),
    )
  },
  { name: 'chat-limits', dependencies: ['kit-redis'] },
)
