// @tier services
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { adminOnly, createService, sessionKey } from '@site/service-kit'
import { Redis } from 'ioredis'
import { OWNER, auth, addUser, sessionCookie } from './helpers.js'
import { userModel } from '../src/models/user.js'

const PASSWORD = 'correct horse battery'

t.test('change-password: rules, messages, and the other sessions end', async (t) => {
  const h = await testApp({ ...auth, name: 'authpw' })
  t.teardown(() => h.close())
  await addUser(h, 'admin', PASSWORD)
  const login = async (password = PASSWORD) =>
    sessionCookie(await h.call('POST', '/api/auth/login', { username: 'admin', password }))!
  const mine = await login()
  const other = await login()
  const change = (body: unknown, cookie = mine) =>
    h.call('POST', '/api/auth/change-password', body, { cookie })

  t.equal(
    (
      await h.call('POST', '/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'new password 1',
      })
    ).statusCode,
    401,
    'signed out → 401',
  )
  for (const body of [
    {},
    { currentPassword: PASSWORD },
    { newPassword: 'new password 1' },
    { currentPassword: '', newPassword: '' },
  ]) {
    const res = await change(body)
    t.equal(res.statusCode, 400)
    t.equal(res.json().message, 'Please fill in all fields')
  }
  const short = await change({ currentPassword: PASSWORD, newPassword: 'short12' })
  t.equal(short.statusCode, 400, 'the server enforces 8 characters too')
  t.equal(short.json().message, 'Password must be at least 8 characters long')
  t.equal(
    (await change({ currentPassword: { $ne: null }, newPassword: 'new password 1' })).statusCode,
    400,
    'wrong type → 400',
  )
  const wrong = await change({ currentPassword: 'not my password', newPassword: 'new password 1' })
  t.equal(wrong.statusCode, 403)
  t.equal(wrong.json().message, 'Current password is incorrect')
  t.equal(
    (await h.call('GET', '/api/auth/user', undefined, { cookie: mine })).statusCode,
    200,
    'a wrong current password does not sign out',
  )

  const ok = await change({ currentPassword: PASSWORD, newPassword: 'new password 1' })
  t.equal(ok.statusCode, 200)
  t.same(ok.json(), { ok: true })
  t.equal(
    (await h.call('GET', '/api/auth/user', undefined, { cookie: mine })).statusCode,
    200,
    'this session goes on',
  )
  t.equal(
    (await h.call('GET', '/api/auth/user', undefined, { cookie: other })).statusCode,
    401,
    'the other session ended',
  )
  t.equal(
    (await h.call('POST', '/api/auth/login', { username: 'admin', password: PASSWORD })).statusCode,
    401,
    'old password no longer works',
  )
  t.equal(
    (await h.call('POST', '/api/auth/login', { username: 'admin', password: 'new password 1' })).statusCode,
    200,
  )
})

t.test('change-username: rules, messages, taken → 409, case change allowed', async (t) => {
  const h = await testApp({ ...auth, name: 'authname' })
  t.teardown(() => h.close())
  const id = await addUser(h, 'admin', PASSWORD)
  await addUser(h, 'Editor', PASSWORD)
  const cookie = sessionCookie(
    await h.call('POST', '/api/auth/login', { username: 'admin', password: PASSWORD }),
  )!
  const second = sessionCookie(
    await h.call('POST', '/api/auth/login', { username: 'admin', password: PASSWORD }),
  )!
  const change = (body: unknown) => h.call('POST', '/api/auth/change-username', body, { cookie })

  t.equal(
    (await h.call('POST', '/api/auth/change-username', { newUsername: 'boss', currentPassword: PASSWORD }))
      .statusCode,
    401,
  )
  const missing = await change({ newUsername: 'boss' })
  t.equal(missing.statusCode, 400)
  t.equal(missing.json().message, 'Please fill in all fields')
  for (const newUsername of ['ab', '  ab  ', 'x'.repeat(51)]) {
    const res = await change({ newUsername, currentPassword: PASSWORD })
    t.equal(res.statusCode, 400, `${newUsername.length} chars`)
    t.equal(res.json().message, 'Username must be between 3 and 50 characters')
  }
  t.equal((await change({ newUsername: 'bad\u0000name', currentPassword: PASSWORD })).statusCode, 400)
  t.equal((await change({ newUsername: { $gt: '' }, currentPassword: PASSWORD })).statusCode, 400)
  const wrong = await change({ newUsername: 'boss', currentPassword: 'wrong one' })
  t.equal(wrong.statusCode, 403)
  t.equal(wrong.json().message, 'Current password is incorrect')
  const taken = await change({ newUsername: 'EDITOR', currentPassword: PASSWORD })
  t.equal(taken.statusCode, 409, 'taken, case-insensitively')
  t.equal(taken.json().message, 'This username is already taken')

  const ok = await change({ newUsername: '  The Boss  ', currentPassword: PASSWORD })
  t.equal(ok.statusCode, 200)
  t.same(ok.json(), { id, username: 'The Boss', display_name: null, ...OWNER }, 'trimmed')
  t.same((await h.call('GET', '/api/auth/user', undefined, { cookie })).json(), {
    id,
    username: 'The Boss',
    display_name: null,
    ...OWNER,
  })
  t.same(
    (await h.call('GET', '/api/auth/user', undefined, { cookie: second })).json().username,
    'The Boss',
    'other sessions see the new name',
  )
  t.equal(
    (await change({ newUsername: 'the boss', currentPassword: PASSWORD })).statusCode,
    200,
    'changing only the case is allowed',
  )
  t.equal(
    (await h.call('POST', '/api/auth/login', { username: 'THE BOSS', password: PASSWORD })).statusCode,
    200,
  )
  t.equal(
    (await h.call('POST', '/api/auth/login', { username: 'admin', password: PASSWORD })).statusCode,
    401,
    'the old name is gone',
  )
})

t.test('another service authorizes with the kit reading the session auth wrote; CSRF', async (t) => {
  const h = await testApp({ ...auth, name: 'authkit' })
  t.teardown(() => h.close())
  await addUser(h, 'admin', PASSWORD)
  const other = await createService({
    name: 'otherservice',
    config: {
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'loopback',
      REDIS_URL: h.config.REDIS_URL,
      QUEUE_PREFIX: h.config.QUEUE_PREFIX,
      SESSION_SECRET: h.config.SESSION_SECRET,
      PUBLIC_ORIGIN: h.config.PUBLIC_ORIGIN,
    },
    routes: async (app) => {
      app.register(async (admin) => {
        adminOnly(admin)
        admin.get('/api/things', async (req) => ({ admin: await req.getAdmin() }))
        admin.post('/api/things', async () => ({ saved: true }))
      })
    },
  })
  t.teardown(() => other.close())
  await other.ready()
  await new Promise((r) => setTimeout(r, 200))

  const login = await h.call('POST', '/api/auth/login', { username: 'admin', password: PASSWORD })
  const cookie = sessionCookie(login)!
  t.equal((await other.inject({ url: '/api/things' })).statusCode, 401, 'no cookie → 401')
  t.equal(
    (await other.inject({ url: '/api/things', headers: { 'x-user': 'admin', 'x-admin': 'true' } }))
      .statusCode,
    401,
    'headers a client could send are not trusted',
  )
  const ok = await other.inject({ url: '/api/things', headers: { cookie } })
  t.equal(ok.statusCode, 200)
  t.same(ok.json().admin, login.json())

  // Activity in another service restarts the idle timer (an admin editing for hours stays in).
  const redis = new Redis(h.config.REDIS_URL)
  t.teardown(() => redis.disconnect())
  const id = decodeURIComponent(cookie.slice(4)).split('.')[0]!
  await redis.pexpire(sessionKey(h.config.QUEUE_PREFIX, id), 60_000)
  await other.inject({ url: '/api/things', headers: { cookie } })
  t.ok(
    (await redis.pttl(sessionKey(h.config.QUEUE_PREFIX, id))) > 60_000,
    'the idle TTL was refreshed by the other service',
  )

  const post = (headers: Record<string, string>, app = other, url = '/api/things') =>
    app.inject({ method: 'POST', url, headers: { cookie, ...headers }, payload: '{}' })
  t.equal(
    (await post({ 'content-type': 'application/json', origin: 'http://localhost:8080' })).statusCode,
    200,
  )
  t.equal(
    (await post({ 'content-type': 'application/json', origin: 'https://evil.example' })).statusCode,
    403,
    'cross-origin POST refused',
  )
  t.equal(
    (await post({ 'content-type': 'text/plain', origin: 'http://localhost:8080' })).statusCode,
    403,
    'form-like POST refused',
  )
  const csrf = await post(
    { 'content-type': 'application/json', origin: 'https://evil.example' },
    h.app,
    '/api/auth/change-password',
  )
  t.equal(csrf.statusCode, 403, 'the auth service refuses it too')
  t.equal(csrf.json().code, 'CSRF')
  const logout = await h.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { cookie, 'sec-fetch-site': 'cross-site' },
  })
  t.equal(logout.statusCode, 403, 'a cross-site logout is refused')

  await h.call('POST', '/api/auth/logout', undefined, { cookie })
  t.equal(
    (await other.inject({ url: '/api/things', headers: { cookie } })).statusCode,
    401,
    'logged out everywhere',
  )
})

t.test('a rename that loses a race for the name is USERNAME_TAKEN (the unique index decides)', async (t) => {
  const h = await testApp({ ...auth, name: 'authrace', t })
  await addUser(h, 'admin', PASSWORD)
  await addUser(h, 'Editor', PASSWORD)
  const cookie = sessionCookie(
    await h.call('POST', '/api/auth/login', { username: 'admin', password: PASSWORD }),
  )!
  // The name is free when checked and taken when written: another rename won in between.
  const users = userModel(h.app.db)
  users.exists = (async () => null) as unknown as typeof users.exists
  const res = await h.call(
    'POST',
    '/api/auth/change-username',
    { newUsername: 'editor', currentPassword: PASSWORD },
    { cookie },
  )
  t.equal(res.statusCode, 409)
  t.equal(res.json().code, 'USERNAME_TAKEN')
  t.equal(res.json().message, 'This username is already taken')
})
