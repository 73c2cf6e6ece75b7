// @tier services
// The auth service's write routes (login, change-username, change-password), signed in,
// against the kit's table of hostile bodies: no answer ≥ 500 and the account is unchanged.
// Logout is left out: it ignores its body and would end the session the others need; so is the
// two-factor setup (it takes no body and makes a new secret each time: stored state by design).
import t from 'tap'
import { testApp, fuzzVerdict, fuzzWriteRoutes, snapshotDatabase } from '@site/service-kit/testing'
import { auth, addUser, sessionCookie } from './helpers.js'

t.test('auth write routes under hostile bodies: never ≥ 500, nothing stored changes', async (t) => {
  const h = await testApp({
    ...auth,
    name: 'authfuzz',
    env: {
      LOGIN_MAX_FAILURES: '1000',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
      LOGIN_MAX_FAILURES_PER_USERNAME: '1000',
    },
  })
  t.teardown(() => h.close())
  await addUser(h, 'admin', 'correct horse battery')
  const login = await h.call('POST', '/api/auth/login', {
    username: 'admin',
    password: 'correct horse battery',
  })
  const cookie = sessionCookie(login)!
  const before = await snapshotDatabase(h.app.db)
  const results = await fuzzWriteRoutes(h.app, {
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': h.ip },
    skip: ['POST /api/auth/logout', 'POST /api/auth/2fa/setup'],
  })
  const { sent, failed, accepted } = fuzzVerdict(results)
  t.ok(sent > 50, `${sent} hostile requests sent`)
  t.same(failed, [], 'no answer is 500 or more')
  t.same(accepted, [], 'every hostile body is refused')
  t.equal(await snapshotDatabase(h.app.db), before, 'nothing stored changed')
  t.equal((await h.call('GET', '/api/auth/user', undefined, { cookie })).statusCode, 200, 'still signed in')
})
