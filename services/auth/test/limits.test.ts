import t from 'tap'
import { testApp, startRedisServer } from '@site/service-kit/testing'
import { auth, addUser, authAt, sessionCookie } from './helpers.js'

const PASSWORD = 'correct horse battery'

t.test('5 failed logins per window, per IP and per username; the 6th is 429 with Retry-After', async (t) => {
  const h = await testApp({ ...auth, name: 'authlimit' })
  t.teardown(() => h.close())
  await addUser(h, 'admin', PASSWORD)
  await addUser(h, 'editor', PASSWORD)

  for (let i = 1; i <= 5; i++) {
    t.equal(
      (await h.call('POST', '/api/auth/login', { username: 'admin', password: `wrong ${i}` })).statusCode,
      401,
      `failure ${i}`,
    )
  }
  const sixth = await h.call('POST', '/api/auth/login', { username: 'admin', password: PASSWORD })
  t.equal(sixth.statusCode, 429, 'the 6th attempt is refused, even with the right password')
  t.equal(sixth.json().message, 'Too many failed login attempts. Please try again in 15 minutes.')
  t.equal(sixth.json().code, 'TOO_MANY_ATTEMPTS')
  const retry = Number(sixth.headers['retry-after'])
  t.ok(retry > 0 && retry <= 900, `Retry-After ${retry} s within the 15-minute window`)
  t.notOk(sixth.headers['set-cookie'])

  const otherIp = await h.call(
    'POST',
    '/api/auth/login',
    { username: 'ADMIN', password: PASSWORD },
    {},
    '192.0.2.77',
  )
  t.equal(otherIp.statusCode, 429, 'the username is locked from any IP (case-insensitively)')
  const otherUser = await h.call('POST', '/api/auth/login', { username: 'editor', password: PASSWORD })
  t.equal(otherUser.statusCode, 429, 'the IP is locked for any username')
  const elsewhere = await h.call(
    'POST',
    '/api/auth/login',
    { username: 'editor', password: PASSWORD },
    {},
    '192.0.2.78',
  )
  t.equal(elsewhere.statusCode, 200, 'another user from another IP is unaffected')
})

t.test('a success forgets the username failures; parallel guesses cannot pass the limit', async (t) => {
  const h = await testApp({ ...auth, name: 'authlimit2', env: { LOGIN_MAX_FAILURES: '3' } })
  t.teardown(() => h.close())
  await addUser(h, 'admin', PASSWORD)
  for (let i = 0; i < 2; i++)
    await h.call('POST', '/api/auth/login', { username: 'admin', password: 'nope nope' })
  t.equal(
    (await h.call('POST', '/api/auth/login', { username: 'admin', password: PASSWORD })).statusCode,
    200,
  )
  t.equal(
    (await h.call('POST', '/api/auth/login', { username: 'admin', password: 'nope nope' }, {}, '192.0.2.10'))
      .statusCode,
    401,
    'counter was reset by the success',
  )

  const burst = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      h.call('POST', '/api/auth/login', { username: 'admin', password: `guess ${i}` }, {}, '192.0.2.11'),
    ),
  )
  const codes = burst.map((r) => r.statusCode).sort()
  t.equal(codes.filter((c) => c === 401).length, 2, 'only the budget left (3 - 1 earlier failure) is checked')
  t.equal(codes.filter((c) => c === 429).length, 6)
})

t.test('Redis away: login fails closed with 503, and recovers', async (t) => {
  const redis = await startRedisServer()
  t.teardown(() => redis.close())
  const h = await testApp({ ...auth, name: 'authredis', env: { REDIS_URL: redis.url } })
  t.teardown(() => h.close())
  await addUser(h, 'admin', PASSWORD)
  await new Promise((r) => setTimeout(r, 200))
  const ok = await h.call('POST', '/api/auth/login', { username: 'admin', password: PASSWORD })
  t.equal(ok.statusCode, 200)
  const cookie = sessionCookie(ok)!

  await redis.stop()
  const down = await h.call('POST', '/api/auth/login', { username: 'admin', password: PASSWORD })
  t.equal(down.statusCode, 503, 'no Redis → no login (the failure limit cannot be enforced)')
  t.ok(down.headers['retry-after'])
  t.notMatch(down.body, /ECONNREFUSED|127\.0\.0\.1/)
  t.equal(
    (await h.call('GET', '/api/auth/user', undefined, { cookie })).statusCode,
    503,
    'session unknown → 503, not 401',
  )

  await redis.start()
  let status = 0
  for (let i = 0; i < 50 && status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 100))
    status = (await h.call('GET', '/api/auth/user', undefined, { cookie })).statusCode
  }
  t.equal(status, 200, 'back with Redis (AOF kept the session)')
})

t.test('idle expiry (short configured limit) and absolute expiry (injected clock)', async (t) => {
  let clock = Date.now()
  const h = await testApp({
    ...authAt(() => clock),
    name: 'authexpiry',
    env: { SESSION_IDLE_TIMEOUT_MS: '1000' },
  })
  t.teardown(() => h.close())
  await addUser(h, 'admin', PASSWORD)

  const idle = sessionCookie(
    await h.call('POST', '/api/auth/login', { username: 'admin', password: PASSWORD }),
  )!
  await new Promise((r) => setTimeout(r, 1600))
  t.equal(
    (await h.call('GET', '/api/auth/user', undefined, { cookie: idle })).statusCode,
    401,
    'no request for longer than the idle limit → signed out',
  )

  const h2 = await testApp({ ...authAt(() => clock), name: 'authexpiry2' })
  t.teardown(() => h2.close())
  await addUser(h2, 'admin', PASSWORD)
  const login = await h2.call('POST', '/api/auth/login', { username: 'admin', password: PASSWORD })
  const cookie = sessionCookie(login)!
  clock += 11 * 3600 * 1000
  t.equal(
    (await h2.call('GET', '/api/auth/user', undefined, { cookie })).statusCode,
    200,
    'active for 11 h: still signed in',
  )
  clock += 3600 * 1000
  t.equal(
    (await h2.call('GET', '/api/auth/user', undefined, { cookie })).statusCode,
    401,
    '12 h after login: signed out whatever the activity',
  )
})
