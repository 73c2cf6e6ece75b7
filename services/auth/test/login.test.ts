// @tier services
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { OWNER, auth, addUser, sessionCookie, setCookieHeader } from './helpers.js'

t.test('login, current user, logout, as the web client uses them', async (t) => {
  const h = await testApp({ ...auth, name: 'authlogin' })
  t.teardown(() => h.close())
  const id = await addUser(h, 'Admin', 'correct horse battery')

  const anon = await h.call('GET', '/api/auth/user')
  t.equal(anon.statusCode, 401, 'signed out → 401')
  t.equal(anon.json().message, 'Not signed in')
  t.notOk(anon.headers['set-cookie'], 'an anonymous visitor gets no session cookie')

  const wrong = await h.call('POST', '/api/auth/login', { username: 'admin', password: 'wrong password' })
  t.equal(wrong.statusCode, 401)
  t.same(wrong.json(), {
    statusCode: 401,
    error: 'Unauthorized',
    message: 'Invalid username or password',
    code: 'INVALID_CREDENTIALS',
  })
  t.notOk(wrong.headers['set-cookie'], 'a failed login sets no cookie')
  const unknown = await h.call('POST', '/api/auth/login', { username: 'nobody', password: 'wrong password' })
  t.equal(unknown.statusCode, 401)
  t.equal(
    unknown.json().message,
    wrong.json().message,
    'an unknown user gets the same answer as a wrong password',
  )

  const ok = await h.call('POST', '/api/auth/login', { username: 'admin', password: 'correct horse battery' })
  t.equal(ok.statusCode, 200, 'username is case-insensitive')
  t.same(ok.json(), { id, username: 'Admin', display_name: null, ...OWNER })
  t.notMatch(ok.body, /argon2|password/i, 'no hash in the answer')
  const cookie = sessionCookie(ok)!
  t.ok(cookie, 'a session cookie is set')
  const flags = setCookieHeader(ok)
  t.match(flags, /HttpOnly/i)
  t.match(flags, /SameSite=Lax/i)
  t.match(flags, /Path=\//)
  t.notMatch(flags, /Max-Age|Expires/i, 'a browser-session cookie: expiry is enforced on the server')
  t.notMatch(flags, /Secure/i, 'plain http (auto): not Secure')

  const me = await h.call('GET', '/api/auth/user', undefined, { cookie })
  t.equal(me.statusCode, 200)
  t.same(me.json(), { id, username: 'Admin', display_name: null, ...OWNER })

  const out = await h.call('POST', '/api/auth/logout', undefined, { cookie })
  t.equal(out.statusCode, 200)
  t.same(out.json(), { ok: true })
  t.match(setCookieHeader(out), /sid=;/, 'the cookie is cleared')
  t.equal(
    (await h.call('GET', '/api/auth/user', undefined, { cookie })).statusCode,
    401,
    'the old cookie is dead after logout',
  )
  t.equal((await h.call('POST', '/api/auth/logout')).statusCode, 200, 'logout when signed out is fine')
})

t.test('Secure cookie over HTTPS (auto) and when forced', async (t) => {
  const h = await testApp({ ...auth, name: 'authsecure' })
  t.teardown(() => h.close())
  await addUser(h, 'admin', 'correct horse battery')
  const res = await h.call(
    'POST',
    '/api/auth/login',
    { username: 'admin', password: 'correct horse battery' },
    { 'x-forwarded-proto': 'https', origin: 'http://localhost:8080' },
  )
  t.equal(res.statusCode, 200)
  t.match(setCookieHeader(res), /Secure/, 'https behind the trusted gateway → Secure')

  const forced = await testApp({ ...auth, name: 'authsecure2', env: { SESSION_COOKIE_SECURE: 'true' } })
  t.teardown(() => forced.close())
  await addUser(forced, 'admin', 'correct horse battery')
  const https = await forced.call(
    'POST',
    '/api/auth/login',
    { username: 'admin', password: 'correct horse battery' },
    { 'x-forwarded-proto': 'https' },
  )
  t.match(setCookieHeader(https), /sid=.*Secure/)
  const info = (await forced.call('GET', '/api/auth/security-info')).json().items as string[]
  t.ok(
    info.some((i) => /travels only over an encrypted connection \(HTTPS\)/.test(i)),
    'the security information follows the setting',
  )
})

t.test('missing fields, wrong types and operator injection are 400, never a login', async (t) => {
  const h = await testApp({ ...auth, name: 'authinput' })
  t.teardown(() => h.close())
  await addUser(h, 'admin', 'correct horse battery')
  for (const body of [
    {},
    { username: 'admin' },
    { password: 'correct horse battery' },
    { username: '  ', password: 'x' },
  ]) {
    const res = await h.call('POST', '/api/auth/login', body)
    t.equal(res.statusCode, 400, JSON.stringify(body))
    t.equal(res.json().message, 'Username and password are required')
  }
  for (const body of [
    { username: { $ne: null }, password: 'correct horse battery' },
    { username: 'admin', password: { $ne: null } },
    { username: ['admin'], password: ['x', 'y'] },
    { username: { $regex: '.*' }, password: { $gt: '' } },
  ]) {
    const res = await h.call('POST', '/api/auth/login', body)
    t.equal(res.statusCode, 400, `${JSON.stringify(body)} → 400`)
    t.notOk(res.headers['set-cookie'])
  }
  const notJson = await h.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'text/plain' },
    payload: 'username=admin&password=x',
  })
  t.equal(notJson.statusCode, 400, 'a form-like body is no login')
})

t.test('session fixation: the id changes at login; the old one is no session', async (t) => {
  const h = await testApp({ ...auth, name: 'authfix' })
  t.teardown(() => h.close())
  await addUser(h, 'admin', 'correct horse battery')
  const creds = { username: 'admin', password: 'correct horse battery' }
  const first = sessionCookie(await h.call('POST', '/api/auth/login', creds))!
  const second = await h.call('POST', '/api/auth/login', creds, { cookie: first })
  const next = sessionCookie(second)!
  t.ok(next)
  t.not(next, first, 'a cookie sent at login is not the one after')
  t.equal(
    (await h.call('GET', '/api/auth/user', undefined, { cookie: first })).statusCode,
    401,
    'the pre-login id is destroyed',
  )
  t.equal((await h.call('GET', '/api/auth/user', undefined, { cookie: next })).statusCode, 200)
  const planted = await h.call('POST', '/api/auth/login', creds, { cookie: 'sid=attacker-chosen-id' })
  t.not(sessionCookie(planted), 'sid=attacker-chosen-id')
  t.equal(
    (await h.call('GET', '/api/auth/user', undefined, { cookie: 'sid=attacker-chosen-id' })).statusCode,
    401,
  )
})

t.test('security information comes from the configuration', async (t) => {
  const h = await testApp({ ...auth, name: 'authinfo' })
  t.teardown(() => h.close())
  const res = await h.call('GET', '/api/auth/security-info')
  t.equal(res.statusCode, 200)
  const items: string[] = res.json().items
  t.ok(items.includes('You are signed out after 2 hours without activity'))
  t.ok(
    items.includes(
      'After 5 wrong passwords within 15 minutes for one username from one network address, further attempts are refused until that time has passed (also after 20 from one address, or 100 for one username from addresses it never signed in from)',
    ),
  )
  t.ok(
    items.some((i) => /one-way fingerprint .*\(argon2id\)/.test(i)),
    'names the hashing method',
  )
  t.notOk(
    items.some((i) => /bcrypt/i.test(i)),
    'says what the system really does',
  )
  // Plain words for an admin (issue 49 #14): no cost parameters, no protocol jargon.
  for (const jargon of [/MiB/, /iteration/i, /\blanes?\b/, /HttpOnly/, /SameSite/, /CSRF/, /identifier/i])
    t.notOk(
      items.some((i) => jargon.test(i)),
      `no ${jargon.source}`,
    )
  t.ok(items.includes('Every sign-in gets a new session key, so a key seen before signing in is worthless'))
})
