// @tier services
import t from 'tap'
import { randomBytes } from 'node:crypto'
import { sign } from '@fastify/cookie'
import { Redis } from 'ioredis'
import { adminOnly, createService, sessionKey, liveSession, SESSION_COOKIE } from '../src/index.js'
import { createTestSession, testEnv, TEST_SESSION_SECRET } from '../src/testing/index.js'

t.test('liveSession: user and loginAt required; the absolute limit the session carries wins', async (t) => {
  const now = 1_000_000_000
  t.equal(liveSession(null, now), null)
  t.equal(liveSession('not json', now), null)
  t.equal(liveSession(JSON.stringify({ loginAt: now }), now), null, 'no user')
  t.equal(liveSession(JSON.stringify({ user: { id: 'a', username: 'b' } }), now), null, 'no loginAt')
  t.ok(
    liveSession(JSON.stringify({ user: { id: 'a', username: 'b' }, loginAt: now - 11 * 3600e3 }), now),
    'default 12 h',
  )
  t.equal(
    liveSession(JSON.stringify({ user: { id: 'a', username: 'b' }, loginAt: now - 12 * 3600e3 }), now),
    null,
  )
  t.equal(
    liveSession(
      JSON.stringify({ user: { id: 'a', username: 'b' }, loginAt: now - 2000, absoluteTimeoutMs: 1000 }),
      now,
    ),
    null,
    'carried limit',
  )
})

t.test('reader: refreshes the idle TTL on activity, ends a session past its absolute limit', async (t) => {
  const env = testEnv('kitsess2')
  const app = await createService({
    name: 'kitsess2',
    config: {
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'loopback',
      REDIS_URL: env.REDIS_URL,
      QUEUE_PREFIX: env.QUEUE_PREFIX,
      SESSION_SECRET: env.SESSION_SECRET,
    },
    routes: async (app) => {
      await app.register(async (scope) => {
        adminOnly(scope)
        scope.get('/admin', async (req) => ({ admin: await req.getAdmin() }))
      })
    },
  })
  t.teardown(() => app.close())
  const redis = new Redis(env.REDIS_URL!)
  t.teardown(() => redis.disconnect())
  await app.ready()
  await new Promise((r) => setTimeout(r, 200))

  const { cookie, id } = await createTestSession(env)
  await redis.pexpire(sessionKey(env.QUEUE_PREFIX!, id), 5000)
  t.equal((await app.inject({ url: '/admin', headers: { cookie } })).statusCode, 200)
  t.ok((await redis.pttl(sessionKey(env.QUEUE_PREFIX!, id))) > 5000, 'idle timer restarted (2 h by default)')

  // A session written with its own (short) limits, as the auth service does when configured so.
  const sid = randomBytes(24).toString('base64url')
  const loginAt = Date.now()
  await redis.set(
    sessionKey(env.QUEUE_PREFIX!, sid),
    JSON.stringify({
      user: { id: 'u1', username: 'admin' },
      loginAt,
      idleTimeoutMs: 60_000,
      absoluteTimeoutMs: 120_000,
    }),
    'PX',
    60_000,
  )
  const short = `${SESSION_COOKIE}=${encodeURIComponent(sign(sid, TEST_SESSION_SECRET))}`
  t.equal((await app.inject({ url: '/admin', headers: { cookie: short } })).statusCode, 200)
  const ttl = await redis.pttl(sessionKey(env.QUEUE_PREFIX!, sid))
  t.ok(ttl > 0 && ttl <= 60_000, 'refreshed to the idle limit the session carries')

  const old = randomBytes(24).toString('base64url')
  await redis.set(
    sessionKey(env.QUEUE_PREFIX!, old),
    JSON.stringify({
      user: { id: 'u1', username: 'admin' },
      loginAt: Date.now() - 130_000,
      absoluteTimeoutMs: 120_000,
    }),
    'PX',
    60_000,
  )
  const oldCookie = `${SESSION_COOKIE}=${encodeURIComponent(sign(old, TEST_SESSION_SECRET))}`
  t.equal(
    (await app.inject({ url: '/admin', headers: { cookie: oldCookie } })).statusCode,
    401,
    'past its absolute limit',
  )
  t.equal(await redis.exists(sessionKey(env.QUEUE_PREFIX!, old)), 0, 'and removed from Redis')
})
