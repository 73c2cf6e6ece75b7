// @tier services
// Answers about the signed-in account are never stored by a browser or a proxy.
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { auth, addUser, sessionCookie } from './helpers.js'

t.test('GET /api/auth/user is private, no-store (signed in and not)', async (t) => {
  const h = await testApp({ ...auth, name: 'authprivate' })
  t.teardown(() => h.close())
  await addUser(h, 'Admin', 'correct horse battery')
  const login = await h.call('POST', '/api/auth/login', {
    username: 'admin',
    password: 'correct horse battery',
  })
  t.equal(login.headers['cache-control'], 'private, no-store', 'the login answer names the account')
  const cookie = sessionCookie(login)!
  const me = await h.call('GET', '/api/auth/user', undefined, { cookie })
  t.equal(me.statusCode, 200)
  t.equal(me.headers['cache-control'], 'private, no-store')
  const anon = await h.call('GET', '/api/auth/user')
  t.equal(anon.statusCode, 401)
  t.equal(
    anon.headers['cache-control'],
    'private, no-store',
    'a 401 must not be cached for the next visitor either',
  )
})
