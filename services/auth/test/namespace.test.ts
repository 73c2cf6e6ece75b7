// @tier services
// Two deployments on one Redis (QUEUE_PREFIX differs, the session secret is the same): each keeps
// its sessions under its own namespace, and a session of one is no session at the other.
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { Redis } from 'ioredis'
import { auth, addUser, sessionCookie } from './helpers.js'

t.test('sessions live under QUEUE_PREFIX and do not cross deployments', async (t) => {
  const a = await testApp({ ...auth, name: 'authns_a' })
  t.teardown(() => a.close())
  const b = await testApp({ ...auth, name: 'authns_b' })
  t.teardown(() => b.close())
  t.not(a.config.QUEUE_PREFIX, b.config.QUEUE_PREFIX)
  const userId = await addUser(a, 'admin', 'correct horse battery')
  await addUser(b, 'admin', 'correct horse battery')

  const login = await a.call('POST', '/api/auth/login', {
    username: 'admin',
    password: 'correct horse battery',
  })
  t.equal(login.statusCode, 200)
  const cookie = sessionCookie(login)!

  const redis = new Redis(a.config.REDIS_URL)
  t.teardown(() => redis.disconnect())
  const id = decodeURIComponent(cookie.slice('sid='.length)).split('.')[0]!
  t.equal(
    await redis.exists(`${a.config.QUEUE_PREFIX}:sess:${id}`),
    1,
    'the session is stored under the deployment namespace',
  )
  t.same(
    await redis.smembers(`${a.config.QUEUE_PREFIX}:user-sess:${userId}`),
    [id],
    "and so is the user's session set",
  )
  t.equal(await redis.exists(`site:sess:${id}`), 0, 'not under the fixed site: prefix')

  t.equal((await a.call('GET', '/api/auth/user', undefined, { cookie })).statusCode, 200)
  t.equal(
    (await b.call('GET', '/api/auth/user', undefined, { cookie })).statusCode,
    401,
    'the other deployment does not know it',
  )
})
