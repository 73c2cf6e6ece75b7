import fp from 'fastify-plugin'
import { countInWindow, type Redis } from '@site/service-kit'

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

const count = async (redis: Redis, key: string, windowMs: number) =>
  (await countInWindow(redis, key, windowMs)).count

export function createLimits(redis: () => Redis, o: LimitOptions): Limits {
  const now = o.now ?? Date.now
  const MIN = 60_000
  const DAY = 24 * 3600_000
  return {
    async hit(sessionId, ip) {
      const t = now()
      const rules = [
        {
          limit: 'session',
          key: `session:${sessionId}:${Math.floor(t / MIN)}`,
          max: o.sessionPerMinute,
          window: MIN,
        },
        { limit: 'ip-minute', key: `ip:${ip}:${Math.floor(t / MIN)}`, max: o.ipPerMinute, window: MIN },
        { limit: 'ip-day', key: `ipday:${ip}:${Math.floor(t / DAY)}`, max: o.ipPerDay, window: DAY },
      ]
      const counts = await Promise.all(rules.map((r) => count(redis(), `${o.prefix}:${r.key}`, r.window)))
      const over = rules.find((r, i) => counts[i]! > r.max)
      if (!over) return null
      return {
        limit: over.limit,
        retryAfterS: Math.max(1, Math.ceil((over.window - (t % over.window)) / 1000)),
      }
    },
    async takeLlmCall() {
      if (o.dailyLlmBudget <= 0) return false
      const used = await count(redis(), `${o.prefix}:llm-budget:${Math.floor(now() / DAY)}`, DAY)
      return used <= o.dailyLlmBudget
    },
    async hitFeedback(ip) {
      const t = now()
      const used = await count(redis(), `${o.prefix}:feedback:${ip}:${Math.floor(t / MIN)}`, MIN)
      return used > o.feedbackPerMinute ? Math.max(1, Math.ceil((MIN - (t % MIN)) / 1000)) : null
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
