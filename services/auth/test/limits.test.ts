// @tier services
import t from 'tap'
import { testApp, startRedisServer, type TestApp } from '@site/service-kit/testing'
import { auth, addUser, authAt, sessionCookie } from './helpers.js'

const PASSWORD = 'correct horse battery'

const login = (h: Pick<TestApp<unknown, never>, 'call'>, username: string, password: string, ip?: string) =>
  h.call('POST', '/api/auth/login', { username, password }, {}, ip)

t.test('5 failed logins per username and address; the 6th is 429 with Retry-After', async (t) => {
  const h = await testApp({ ...auth, name: 'authlimit' })
  t.teardown(() => h.close())
  await addUser(h, 'admin', PASSWORD)
  await addUser(h, 'editor', PASSWORD)

  for (let i = 1; i <= 5; i++)
    t.equal((await login(h, 'admin', `wrong ${i}`)).statusCode, 401, `failure ${i}`)
  const sixth = await login(h, 'admin', PASSWORD)
  t.equal(sixth.statusCode, 429, 'the 6th attempt from that address is refused, even with the right password')
  t.equal(sixth.json().message, 'Too many failed login attempts. Please try again in 15 minutes.')
  t.equal(sixth.json().code, 'TOO_MANY_ATTEMPTS')
  const retry = Number(sixth.headers['retry-after'])
  t.ok(retry > 0 && retry <= 900, `Retry-After ${retry} s within the 15-minute window`)
  t.notOk(sixth.headers['set-cookie'])
  t.equal((await login(h, 'ADMIN', 'wrong 6')).statusCode, 429, 'case-insensitively')

  // Issue 29: five wrong passwords from anywhere used to lock the name for everyone.
  t.equal(
    (await login(h, 'admin', PASSWORD, '192.0.2.77')).statusCode,
    200,
    'the admin signs in from another address: one address cannot lock a username for everyone',
  )
  t.equal((await login(h, 'editor', PASSWORD)).statusCode, 200, 'the address may still try other names')
})

t.test('an address trying many usernames meets its own limit', async (t) => {
  const h = await testApp({ ...auth, name: 'authlimitaddr', env: { LOGIN_MAX_FAILURES_PER_ADDRESS: '4' } })
  t.teardown(() => h.close())
  await addUser(h, 'admin', PASSWORD)
  for (const name of ['anna', 'bram', 'carla', 'daan'])
    t.equal((await login(h, name, 'guess guess')).statusCode, 401)
  t.equal((await login(h, 'admin', PASSWORD)).statusCode, 429, 'the 5th name from that address is refused')
  t.equal((await login(h, 'admin', PASSWORD, '192.0.2.5')).statusCode, 200, 'other addresses are not')
})

t.test('an IPv6 client is counted by its /64, whichever address of it it uses', async (t) => {
  const h = await testApp({ ...auth, name: 'authlimit64' })
  t.teardown(() => h.close())
  await addUser(h, 'admin', PASSWORD)
  for (let i = 1; i <= 5; i++)
    t.equal((await login(h, 'admin', `wrong ${i}`, `2001:db8:7:9::${i.toString(16)}`)).statusCode, 401)
  t.equal(
    (await login(h, 'admin', PASSWORD, '2001:db8:7:9:ffff::6')).statusCode,
    429,
    'a sixth address of the same /64 meets the same count',
  )
  t.equal((await login(h, 'admin', PASSWORD, '2001:db8:7:a::1')).statusCode, 200, 'the next /64 does not')
})

t.test('guesses from many addresses meet a larger cap per username, except where it signed in', async (t) => {
  const h = await testApp({
    ...auth,
    name: 'authlimituser',
    env: { LOGIN_MAX_FAILURES: '2', LOGIN_MAX_FAILURES_PER_USERNAME: '6' },
  })
  t.teardown(() => h.close())
  await addUser(h, 'admin', PASSWORD)
  const home = '198.51.100.1'
  t.equal((await login(h, 'admin', PASSWORD, home)).statusCode, 200, 'the admin signs in from home')
  for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
    for (let i = 0; i < 2; i++) t.equal((await login(h, 'admin', 'guess guess', ip)).statusCode, 401)
  t.equal(
    (await login(h, 'admin', PASSWORD, '192.0.2.9')).statusCode,
    429,
    'six failures from three addresses: a new address is refused for that username',
  )
  t.equal((await login(h, 'admin', PASSWORD, home)).statusCode, 200, 'the address it signed in from is not')
  t.equal((await login(h, 'admin', PASSWORD, home)).statusCode, 200, 'and a success does not reset the cap')
  t.equal((await login(h, 'admin', PASSWORD, '192.0.2.10')).statusCode, 429)
})

t.test('a success forgets that address’s failures; parallel guesses cannot pass the limit', async (t) => {
  const h = await testApp({ ...auth, name: 'authlimit2', env: { LOGIN_MAX_FAILURES: '3' } })
  t.teardown(() => h.close())
  await addUser(h, 'admin', PASSWORD)
  for (let i = 0; i < 2; i++) await login(h, 'admin', 'nope nope')
  t.equal((await login(h, 'admin', PASSWORD)).statusCode, 200)
  const codes: number[] = []
  for (let i = 0; i < 4; i++) codes.push((await login(h, 'admin', 'nope nope')).statusCode)
  t.same(codes, [401, 401, 401, 429], 'the success reset the count for its address: three more failures')

  const burst = await Promise.all(
    Array.from({ length: 8 }, (_, i) => login(h, 'admin', `guess ${i}`, '192.0.2.11')),
  )
  const statuses = burst.map((r) => r.statusCode).sort()
  t.equal(statuses.filter((c) => c === 401).length, 3, 'eight at once: only the three allowed are checked')
  t.equal(statuses.filter((c) => c === 429).length, 5)
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
