import fp from 'fastify-plugin'
import { createRequire } from 'node:module'
import type { Redis, RedisOptions } from 'ioredis'

// ioredis is loaded with the first connection: the kit is imported by processes without Redis
// (the gateway) too (idle memory). Same module instance as an `import 'ioredis'`.
const require = createRequire(import.meta.url)
const ioredis = () => require('ioredis') as typeof import('ioredis')

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis
  }
}

/**
 * A connection for request paths: commands fail at once while Redis is away (the caller answers
 * 503) instead of queueing in memory, and the client keeps reconnecting in the background.
 */
export function createRedis(url: string, extra: RedisOptions = {}): Redis {
  const redis = new (ioredis().Redis)(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    ...extra,
  })
  redis.on('error', () => {}) // reported through readiness and the failing requests, not as noise
  return redis
}

export async function pingRedis(redis: Redis): Promise<boolean> {
  if (redis.status !== 'ready') return false
  try {
    return (await redis.ping()) === 'PONG'
  } catch {
    return false
  }
}

export default fp<{ url: string }>(
  async (app, opts) => {
    const redis = createRedis(opts.url)
    app.decorate('redis', redis)
    app.addHook('onClose', async () => {
      redis.disconnect()
    })
  },
  { name: 'kit-redis' },
)

/**
 * A fixed-window counter: counts one hit on `key` and returns the count in the current window and
 * the window's time left. The expiry is set by the window's first hit only (PEXPIRE NX), so every
 * rate limit and budget in the services counts the same way.
 */
export async function countInWindow(
  redis: Redis,
  key: string,
  windowMs: number,
): Promise<{ count: number; ttlMs: number }> {
  const res = await redis.multi().incr(key).pexpire(key, windowMs, 'NX').pttl(key).exec()
  const [err, value] = res?.[0] ?? [new Error('no reply from Redis'), 0]
  if (err) throw err
  const ttl = Number(res?.[2]?.[1])
  return { count: Number(value), ttlMs: ttl > 0 ? ttl : windowMs }
}
