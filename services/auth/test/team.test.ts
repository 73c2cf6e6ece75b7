// @tier services
// Issue 46: named accounts with roles. The Users routes answer owners and admins only; the
// owner/admin rules hold; a role change or a disable ends that person's sessions at once; sign-in
// takes the e-mail too; the audit trail names who did it.
import t from 'tap'
import type { AuditEntry, PagedList, TeamMember } from '@site/contracts'
import { testApp } from '@site/service-kit/testing'
import { auth, addMember, addUser, signIn } from './helpers.js'

const PW = 'correct horse battery'
const h = await testApp({ ...auth, name: 'authteam' })
t.teardown(() => h.close())
const ownerId = await addUser(h, 'boss', PW)
await addMember(h, 'ada', PW, 'admin', { email: 'Ada@Example.com' })
const editorId = await addMember(h, 'ed', PW, 'editor', { email: 'ed@example.com' })
const authorId = await addMember(h, 'aut', PW, 'author')
const owner = await signIn(h, 'boss', PW)
const admin = await signIn(h, 'ada@example.COM', PW)

t.test('sign-in by e-mail; the session says who and in which role', async (t) => {
  const me = JSON.parse((await h.call('GET', '/api/auth/user', undefined, admin)).body)
  t.equal(me.username, 'ada')
  t.equal(me.role, 'admin')
  t.equal(me.email, 'ada@example.com')
  const boss = JSON.parse((await h.call('GET', '/api/auth/user', undefined, owner)).body)
  t.equal(boss.role, 'owner', 'the seeded ADMIN_USERNAME account is the owner')
})

t.test('the Users list answers owners and admins, 403 for the others', async (t) => {
  const list = await h.call('GET', '/api/admin/users', undefined, owner)
  t.equal(list.statusCode, 200)
  const items = (JSON.parse(list.body) as { items: TeamMember[] }).items
  t.same(
    items.map((u) => [u.username, u.role, u.state]),
    [
      ['boss', 'owner', 'active'],
      ['ada', 'admin', 'active'],
      ['ed', 'editor', 'active'],
      ['aut', 'author', 'active'],
    ],
  )
  t.ok(items[0]!.last_sign_in_at, 'last sign-in recorded')
  t.equal(items[3]!.last_sign_in_at, null)
  t.equal((await h.call('GET', '/api/admin/users', undefined, admin)).statusCode, 200)
  const editor = await signIn(h, 'ed', PW)
  const refused = await h.call('GET', '/api/admin/users', undefined, editor)
  t.equal(refused.statusCode, 403)
  t.match(JSON.parse(refused.body), { code: 'FORBIDDEN_ROLE', message: /role does not allow/ })
  t.equal((await h.call('GET', '/api/admin/audit', undefined, editor)).statusCode, 403)
  t.equal((await h.call('GET', '/api/auth/user', undefined, editor)).statusCode, 200, 'own account: yes')
})

t.test('owner/admin rules', async (t) => {
  const patch = (who: typeof owner, id: string, body: unknown) =>
    h.call('PATCH', `/api/admin/users/${id}`, body, who)
  t.equal((await patch(admin, editorId, { role: 'admin' })).statusCode, 403, 'an admin makes no admins')
  t.equal((await patch(admin, ownerId, { disabled: true })).statusCode, 403, 'nobody disables the owner')
  t.match(JSON.parse((await patch(owner, ownerId, { role: 'editor' })).body), { code: 'OWNER_PROTECTED' })
  t.equal((await patch(owner, editorId, { role: 'owner' })).statusCode, 403, 'there is one owner')
  const badLang = await patch(owner, authorId, { role: 'translator' })
  t.equal(badLang.statusCode, 400)
  t.match(JSON.parse(badLang.body).message, /at least one language/)
  t.equal((await patch(owner, authorId, { role: 'ruler' })).statusCode, 400, 'an unknown role is a 400')
  t.equal((await patch(owner, '0123456789abcdef01234567', { disabled: true })).statusCode, 404)
  const made = await patch(owner, editorId, { role: 'admin' })
  t.equal(made.statusCode, 200, 'the owner makes admins')
  t.equal(JSON.parse(made.body).role, 'admin')
  t.equal((await patch(admin, editorId, { disabled: true })).statusCode, 403, 'an admin leaves admins alone')
  t.equal((await patch(owner, editorId, { role: 'editor' })).statusCode, 200)
  const tr = await patch(admin, authorId, { role: 'translator', languages: ['de'] })
  t.equal(tr.statusCode, 200, 'an admin gives roles below admin')
  t.same(JSON.parse(tr.body).languages, ['de'])
  t.equal((await patch(admin, authorId, { role: 'author' })).statusCode, 200)
})

t.test(
  'a role change or a disable ends the sessions at once; a disabled person cannot sign in',
  async (t) => {
    const author = await signIn(h, 'aut', PW)
    const author2 = await signIn(h, 'aut', PW)
    t.equal((await h.call('GET', '/api/auth/user', undefined, author)).statusCode, 200)
    t.equal(
      (await h.call('PATCH', `/api/admin/users/${authorId}`, { role: 'editor' }, owner)).statusCode,
      200,
    )
    t.equal((await h.call('GET', '/api/auth/user', undefined, author)).statusCode, 401, 'role change')
    t.equal((await h.call('GET', '/api/auth/user', undefined, author2)).statusCode, 401, 'every session')
    const again = await signIn(h, 'aut', PW)
    t.equal(JSON.parse((await h.call('GET', '/api/auth/user', undefined, again)).body).role, 'editor')
    t.equal(
      (await h.call('PATCH', `/api/admin/users/${authorId}`, { disabled: true }, owner)).statusCode,
      200,
    )
    t.equal((await h.call('GET', '/api/auth/user', undefined, again)).statusCode, 401, 'disable')
    const refused = await h.call('POST', '/api/auth/login', { username: 'aut', password: PW })
    t.equal(refused.statusCode, 403)
    t.match(JSON.parse(refused.body), { code: 'ACCOUNT_DISABLED' })
    const wrong = await h.call('POST', '/api/auth/login', { username: 'aut', password: 'not it at all' })
    t.equal(wrong.statusCode, 401, 'a wrong password says nothing about the state')
    const list = JSON.parse((await h.call('GET', '/api/admin/users', undefined, owner)).body) as {
      items: TeamMember[]
    }
    t.equal(list.items.find((u) => u.id === authorId)!.state, 'disabled')
    await h.call('PATCH', `/api/admin/users/${authorId}`, { disabled: false }, owner)
    t.equal((await h.call('POST', '/api/auth/login', { username: 'aut', password: PW })).statusCode, 200)
  },
)

t.test('the audit trail names the person for role changes and disables', async (t) => {
  let entries: AuditEntry[] = []
  for (let i = 0; i < 50; i++) {
    const res = await h.call('GET', '/api/admin/audit?kind=account&pageSize=50', undefined, owner)
    entries = (JSON.parse(res.body) as PagedList<AuditEntry>).items
    if (entries.some((e) => e.action === 'enable')) break
    await new Promise((r) => setTimeout(r, 100))
  }
  const of = (action: string) => entries.filter((e) => e.action === action && e.target.id === authorId)
  t.equal(of('disable')[0]?.actor.name, 'boss')
  t.equal(of('enable')[0]?.actor.name, 'boss')
  t.ok(
    of('role').some((e) => e.actor.name === 'ada'),
    'the admin who changed a role is named',
  )
  t.ok(
    entries.some((e) => e.action === 'sign-in' && e.actor.name === 'ada'),
    'sign-ins name the person',
  )
})
