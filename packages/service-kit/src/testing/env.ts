// The test's environment (its own database and queue prefix on the shared servers), admin
// sessions as the auth service writes them, and requests as the web client sends them.
import { randomBytes, randomUUID } from 'node:crypto'
import { sign } from '@fastify/cookie'
import { Redis } from 'ioredis'
import type { InjectOptions } from 'fastify'
import {
  SESSION_COOKIE,
  sessionKey,
  userSessionsKey,
  IDLE_TIMEOUT_MS,
  type SessionUser,
} from '../session/format.js'

/** The site origin testEnv allows (PUBLIC_ORIGIN) and clientRequest sends. */
export const TEST_ORIGIN = 'http://localhost:8080'

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789'

function required(name: string): string {
  const v = process.env[name]
  if (!v) throw new Error(`${name} is not set: run the tests with \`npm test\`, which provides it`)
  return v
}

/** The QUEUE_PREFIX of the latest testEnv of this process (createTestSession's fallback). */
let lastTestPrefix: string | undefined

/** Environment for one test file: its own database and queue prefix, the shared servers. */
export function testEnv(name: string, extra: Record<string, string> = {}): Record<string, string> {
  const id = `${name}_${randomBytes(4).toString('hex')}`
  lastTestPrefix = extra.QUEUE_PREFIX ?? `t_${id}`
  return {
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MONGO_URL: required('MONGO_URL'),
    MONGO_DB: `t_${id}`,
    REDIS_URL: required('REDIS_URL'),
    QUEUE_PREFIX: `t_${id}`,
    SESSION_SECRET: TEST_SESSION_SECRET,
    PUBLIC_ORIGIN: TEST_ORIGIN,
    ...extra,
  }
}

/**
 * A session as the auth service stores it, for testing another service's admin routes. `target` is
 * the service's environment or config (its REDIS_URL and QUEUE_PREFIX: sessions live in the
 * deployment's namespace), or just a Redis URL: the namespace is then the latest testEnv's.
 */
export async function createTestSession(
  target: string | { REDIS_URL?: string | undefined; QUEUE_PREFIX?: string | undefined },
  user: SessionUser = { id: randomUUID(), username: 'admin' },
  opts: { loginAt?: number; secret?: string } = {},
): Promise<{ cookie: string; id: string; user: SessionUser }> {
  const redisUrl = typeof target === 'string' ? target : target.REDIS_URL
  if (!redisUrl) throw new Error('createTestSession needs a Redis URL')
  const prefix = (typeof target === 'string' ? undefined : target.QUEUE_PREFIX) ?? lastTestPrefix ?? 'site'
  const redis = new Redis(redisUrl)
  try {
    const id = randomBytes(24).toString('base64url')
    const session = {
      cookie: { originalMaxAge: null, httpOnly: true, path: '/' },
      user,
      loginAt: opts.loginAt ?? Date.now(),
    }
    await redis.set(sessionKey(prefix, id), JSON.stringify(session), 'PX', IDLE_TIMEOUT_MS)
    await redis.sadd(userSessionsKey(prefix, user.id), id)
    const value = sign(id, opts.secret ?? TEST_SESSION_SECRET)
    return { cookie: `${SESSION_COOKIE}=${encodeURIComponent(value)}`, id, user }
  } finally {
    redis.disconnect()
  }
}

let clientIpCounter = 0

/** A client address of its own for a test app, so per-IP limits of one test never touch another's. */
export function testClientIp(): string {
  return `10.${process.pid % 250}.${Math.floor(Math.random() * 250)}.${++clientIpCounter}`
}

/**
 * A request as the web client sends it (for `app.inject`): X-Requested-With always, the allowed
 * origin of testEnv, the client address, and a JSON content type only with a body.
 */
export function clientRequest(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  opts: { body?: unknown; headers?: Record<string, string>; ip: string },
): InjectOptions {
  const json = opts.body === undefined ? {} : { 'content-type': 'application/json' }
  return {
    method,
    url,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      origin: TEST_ORIGIN,
      'x-forwarded-for': opts.ip,
      ...json,
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { payload: JSON.stringify(opts.body) }),
  }
}
