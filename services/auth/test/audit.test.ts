// @tier services
// The audit trail: sign-ins, sign-outs and credential changes of this service and every other
// service's writes, read from the change stream (also what was written while auth was down).
import t from 'tap'
import type { AuditEntry, PagedList } from '@site/contracts'
import { connectMongo, createRedis, silentLog } from '@site/service-kit'
import { ChangeLog } from '@site/service-kit/changes'
import { testApp, testEnv } from '@site/service-kit/testing'
import { auth, addUser, sessionCookie } from './helpers.js'
import { sweepAudit } from '../src/audit/sweep.js'
import { auditModel } from '../src/audit/model.js'

const env = testEnv('authaudit')

/** Another service writing on the same deployment (its own database, the same Redis namespace). */
async function blogLog() {
  const db = await connectMongo({ url: env.MONGO_URL!, dbName: `${env.MONGO_DB}_blog` })
  const redis = createRedis(env.REDIS_URL!)
  await new Promise((r) => setTimeout(r, 200)) // connected
  const log = new ChangeLog({
    db,
    redis: () => redis,
    prefix: env.QUEUE_PREFIX!,
    service: 'blog',
    log: silentLog,
  })
  return {
    log,
    close: async () => {
      redis.disconnect()
      await db.dropDatabase()
      await db.close()
    },
  }
}

t.test('the trail lists every action of a session, newest first, with filters', async (t) => {
  const blog = await blogLog()
  t.teardown(blog.close)
  // Written before the auth service starts: the trail catches up.
  await blog.log.afterWrite({
    kind: 'post',
    action: 'create',
    target: { id: 'p1', label: 'Hallo wereld' },
    snapshot: { title_nl: 'Hallo wereld' },
    actor: { id: 'u0', name: 'someone' },
    ip: '10.1.2.3',
  })
  const h = await testApp({ ...auth, name: 'authaudit', env, t })
  await addUser(h, 'admin', 'correct horse battery')
  t.equal(
    (await h.call('POST', '/api/auth/login', { username: 'admin', password: 'nope nope' })).statusCode,
    401,
  )
  const ok = await h.call('POST', '/api/auth/login', { username: 'admin', password: 'correct horse battery' })
  const me = { cookie: sessionCookie(ok)!, 'x-requested-with': 'XMLHttpRequest' }
  const changed = await h.call(
    'POST',
    '/api/auth/change-password',
    { currentPassword: 'correct horse battery', newPassword: 'a better horse staple' },
    me,
  )
  t.equal(changed.statusCode, 200, changed.body)
  await h.call('POST', '/api/auth/logout', undefined, me)

  const read = async (query = '') => {
    const res = await h.call('GET', `/api/admin/audit${query}`, undefined, h.admin)
    t.equal(res.statusCode, 200, res.body)
    t.equal(res.headers['cache-control'], 'private, no-store')
    return res.json<PagedList<AuditEntry>>()
  }
  let list = await read()
  for (let i = 0; i < 100 && list.total < 5; i++) {
    await new Promise((r) => setTimeout(r, 50))
    list = await read()
  }
  t.same(
    list.items.map((e) => [e.service, e.kind, e.action, e.actor.name, e.target.label, e.fields]),
    [
      ['auth', 'account', 'sign-out', 'admin', 'admin', []],
      ['auth', 'account', 'credentials', 'admin', 'admin', ['password']],
      ['auth', 'account', 'sign-in', 'admin', 'admin', []],
      ['auth', 'account', 'sign-in-failed', 'anonymous', 'admin', []],
      ['blog', 'post', 'create', 'someone', 'Hallo wereld', []],
    ],
    'what happened, newest first',
  )
  t.equal(list.items[0]!.ip, h.ip, 'from which address')
  t.same((await read('?action=sign-in-failed')).items.length, 1)
  t.same(
    (await read('?kind=post')).items.map((e) => e.target.id),
    ['p1'],
  )
  t.same((await read('?actor=someone')).total, 1)
  t.same((await read('?q=wereld')).total, 1)
  const from = new Date(Date.now() + 60_000).toISOString()
  t.same((await read(`?from=${encodeURIComponent(from)}`)).total, 0)
  t.equal((await h.call('GET', '/api/admin/audit')).statusCode, 401, 'admins only')
  t.equal((await h.call('GET', '/api/admin/audit?kind=nonsense', undefined, h.admin)).statusCode, 400)

  const later = new Date(Date.now() + 40 * 24 * 3600 * 1000)
  t.equal(
    await sweepAudit(auditModel(h.app.db), { retentionDays: 365, failedSignInDays: 30 }, later),
    1,
    'failed sign-ins go after 30 days, the rest stays',
  )
})
