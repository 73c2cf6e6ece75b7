// @tier services
// Issue 46: owners require two-factor sign-in per role. A sign-in of such an account without it
// answers that setup is required and gets no session, only a pending sign-in that can set it up;
// turning it on answers the recovery codes and signs in. Turning it off and new recovery codes
// need the password or a current code; both are audited. The Users list pages and reads the
// `two_factor` flag, derived at start for older accounts.
import t from 'tap'
import type { AuditEntry, PagedList, TeamMember } from '@site/contracts'
import { testApp } from '@site/service-kit/testing'
import { startSmtp } from '../../contact/test/helpers/smtp.js'
import { authAt, addMember, addUser, pendingOf, sessionCookie, signIn, XRW } from './helpers.js'
import { totpCode } from '../src/lib/totp.js'
import { deriveTwoFactor } from '../src/plugins/accounts.js'
import { userModel } from '../src/models/user.js'

const PW = 'correct horse battery'
const smtp = await startSmtp()
t.teardown(() => smtp.stop())
let clock = Date.now()
const tick = () => (clock += 30_000)
const h = await testApp({
  ...authAt(() => clock),
  name: 'auth2fapolicy',
  env: { SMTP_URL: smtp.url },
})
t.teardown(() => h.close())
const ownerId = await addUser(h, 'boss', PW)
await addMember(h, 'ada', PW, 'admin', { email: 'ada@example.com' })
const edId = await addMember(h, 'ed', PW, 'editor', { email: 'ed@example.com' })
await addMember(h, 'aut', PW, 'author')
const owner = await signIn(h, 'boss', PW)
const admin = await signIn(h, 'ada', PW)
const editorBefore = await signIn(h, 'ed', PW)
const policy = (who: typeof owner, roles: string[]) =>
  h.call('PUT', '/api/admin/users/policy', { require_two_factor: roles }, who)
let edSecret = ''
let edCodes: string[] = []

t.test('only the owner sets the policy; not for their own role before their own 2FA', async (t) => {
  t.same((await h.call('GET', '/api/admin/users/policy', undefined, admin)).json(), {
    require_two_factor: [],
  })
  const refused = await policy(admin, ['editor'])
  t.equal(refused.statusCode, 403)
  t.match(refused.json(), { code: 'OWNER_ONLY' })
  t.match((await policy(owner, ['owner'])).json(), { statusCode: 409, code: 'TWO_FACTOR_FIRST' })
  t.equal((await policy(owner, ['wizard'])).statusCode, 400, 'an unknown role is a 400')
  const set = await policy(owner, ['editor', 'admin'])
  t.equal(set.statusCode, 200, set.body)
  t.same(set.json(), { require_two_factor: ['admin', 'editor'] })
  t.equal(
    (await h.call('GET', '/api/auth/user', undefined, editorBefore)).statusCode,
    401,
    "the editor's open session (no 2FA yet) ended at once",
  )
  t.equal((await h.call('GET', '/api/auth/user', undefined, admin)).statusCode, 401, "and the admin's")
  t.equal((await h.call('GET', '/api/auth/user', undefined, owner)).statusCode, 200, "the owner's stays")
})

t.test('a sign-in in a required role leads through setup first, with no session before', async (t) => {
  const login = await h.call('POST', '/api/auth/login', { username: 'ed', password: PW })
  t.equal(login.statusCode, 200)
  t.same(login.json(), { two_factor_setup_required: true })
  t.notOk(sessionCookie(login), 'no session cookie')
  const pending = pendingOf(login)
  t.equal((await h.call('GET', '/api/auth/user', undefined, pending)).statusCode, 401, 'not signed in')
  t.equal((await h.call('POST', '/api/auth/2fa/setup', undefined, pending)).statusCode, 401)
  const asCode = await h.call('POST', '/api/auth/login/2fa', { code: '123456' }, pending)
  t.match(asCode.json(), { statusCode: 401, code: 'TWO_FACTOR_EXPIRED' }, 'a setup is not a code sign-in')
  t.match((await h.call('POST', '/api/auth/login/2fa/enable', { code: '123456' }, pending)).json(), {
    statusCode: 400,
    code: 'SETUP_FIRST',
  })
  t.equal((await h.call('POST', '/api/auth/login/2fa/setup', undefined, XRW)).statusCode, 401, 'no cookie')
  const setup = await h.call('POST', '/api/auth/login/2fa/setup', undefined, pending)
  t.equal(setup.statusCode, 200, setup.body)
  edSecret = setup.json().secret
  t.match(setup.json().otpauth_url, /^otpauth:\/\/totp\//)
  const wrong = await h.call('POST', '/api/auth/login/2fa/enable', { code: '000000' }, pending)
  t.match(wrong.json(), { statusCode: 400, code: 'WRONG_CODE' })
  const on = await h.call('POST', '/api/auth/login/2fa/enable', { code: totpCode(edSecret, clock) }, pending)
  t.equal(on.statusCode, 200, on.body)
  edCodes = on.json().recovery_codes
  t.equal(edCodes.length, 10, 'ten recovery codes, once')
  t.match(on.json().user, { username: 'ed', role: 'editor', two_factor: true })
  const session = { cookie: sessionCookie(on)!, ...XRW }
  t.equal((await h.call('GET', '/api/auth/user', undefined, session)).json().two_factor, true, 'signed in')
  t.equal(
    (await h.call('POST', '/api/auth/login/2fa/setup', undefined, pending)).statusCode,
    401,
    'the pending sign-in is used up',
  )
  tick()
  const again = await h.call('POST', '/api/auth/login', { username: 'ed', password: PW })
  t.same(again.json(), { two_factor_required: true }, 'from now on: a code')
  const signed = await h.call(
    'POST',
    '/api/auth/login/2fa',
    { code: totpCode(edSecret, clock) },
    pendingOf(again),
  )
  t.equal(signed.statusCode, 200)
})

t.test('an invitation to a required role leads through setup too', async (t) => {
  const made = await h.call(
    'POST',
    '/api/admin/users/invites',
    { email: 'eve@example.com', role: 'editor' },
    owner,
  )
  t.equal(made.statusCode, 201, made.body)
  const [mail] = await smtp.waitFor(1)
  const token = mail!.text.match(/\/admin\/invite\/([\w-]+)/)![1]!
  const accepted = await h.call('POST', `/api/auth/invites/${token}/accept`, {
    display_name: 'Eve',
    password: 'eve-password-123',
  })
  t.equal(accepted.statusCode, 201, accepted.body)
  t.same(accepted.json(), { two_factor_setup_required: true })
  t.notOk(sessionCookie(accepted), 'no session before the setup')
  const setup = await h.call('POST', '/api/auth/login/2fa/setup', undefined, pendingOf(accepted))
  t.equal(setup.statusCode, 200)
})

t.test('turning 2FA off and new recovery codes need the password or a current code', async (t) => {
  tick()
  const login = await h.call('POST', '/api/auth/login', { username: 'ed', password: PW })
  const ed = {
    cookie: sessionCookie(
      await h.call('POST', '/api/auth/login/2fa', { code: totpCode(edSecret, clock) }, pendingOf(login)),
    )!,
    ...XRW,
  }
  t.match((await h.call('POST', '/api/auth/2fa/disable', {}, ed)).json(), {
    statusCode: 400,
    code: 'REQUIRED',
  })
  const wrong = await h.call('POST', '/api/auth/2fa/disable', { password: 'not the password' }, ed)
  t.match(
    wrong.json(),
    { statusCode: 403, code: 'WRONG_CONFIRMATION' },
    'wrong password: 403, still signed in',
  )
  const required = await h.call('POST', '/api/auth/2fa/disable', { password: PW }, ed)
  t.match(required.json(), { statusCode: 403, code: 'TWO_FACTOR_REQUIRED' }, 'the role requires it')

  tick()
  const fresh = await h.call('POST', '/api/auth/2fa/recovery-codes', { code: totpCode(edSecret, clock) }, ed)
  t.equal(fresh.statusCode, 200, fresh.body)
  const newCodes: string[] = fresh.json().recovery_codes
  t.equal(newCodes.length, 10)
  t.notOk(
    newCodes.some((c) => edCodes.includes(c)),
    'all new',
  )
  const old = await h.call('POST', '/api/auth/login', { username: 'ed', password: PW })
  const oldTry = await h.call('POST', '/api/auth/login/2fa', { code: edCodes[0] }, pendingOf(old))
  t.match(oldTry.json(), { statusCode: 401, code: 'WRONG_CODE' }, 'an old recovery code stopped working')
  const newTry = await h.call('POST', '/api/auth/login/2fa', { code: newCodes[0] }, pendingOf(old))
  t.equal(newTry.statusCode, 200, 'a new one works')

  t.equal((await policy(owner, [])).statusCode, 200)
  const off = await h.call('POST', '/api/auth/2fa/disable', { password: PW }, ed)
  t.equal(off.statusCode, 200, off.body)
  t.equal((await h.call('GET', '/api/auth/user', undefined, ed)).json().two_factor, false)
  t.match((await h.call('POST', '/api/auth/2fa/recovery-codes', { password: PW }, ed)).json(), {
    statusCode: 400,
    code: 'TWO_FACTOR_OFF',
  })
  const plain = await h.call('POST', '/api/auth/login', { username: 'ed', password: PW })
  t.ok(sessionCookie(plain), 'a sign-in with the password alone again')
})

t.test('the Users list pages and reads the two_factor flag; older accounts get it at start', async (t) => {
  const users = userModel(h.app.db)
  // An account written before the flag existed, with two-factor sign-in on.
  await users.collection.insertOne({
    username: 'old',
    username_key: 'old',
    password_hash: 'x',
    password_changed_at: new Date(),
    role: 'author',
    totp_secret: 'JBSWY3DPEHPK3PXP',
    created_at: new Date(),
    updated_at: new Date(),
  })
  await users.collection.updateOne({ username_key: 'aut' }, { $unset: { two_factor: '' } })
  t.equal(await deriveTwoFactor(users), 2, 'both older accounts derived')
  t.equal(await deriveTwoFactor(users), 0, 'once')
  const first = (
    await h.call('GET', '/api/admin/users?pageSize=3', undefined, owner)
  ).json() as PagedList<TeamMember>
  t.match(first, { page: 1, pageSize: 3, total: 6 })
  t.same(
    first.items.map((u) => u.username),
    ['boss', 'ada', 'ed'],
  )
  const second = (
    await h.call('GET', '/api/admin/users?pageSize=3&page=2', undefined, owner)
  ).json() as PagedList<TeamMember>
  t.same(
    second.items.map((u) => [u.username, u.two_factor]),
    [
      ['aut', false],
      ['eve@example.com', false],
      ['old', true],
    ],
  )
  t.equal((await h.call('GET', '/api/admin/users?pageSize=500', undefined, owner)).statusCode, 400)
  const all = (await h.call('GET', '/api/admin/users', undefined, owner)).json() as PagedList<TeamMember>
  t.equal(all.items.length, 6, 'the default page holds a whole small team')
  const patched = await h.call('PATCH', `/api/admin/users/${edId}`, { role: 'author' }, owner)
  t.match(patched.json(), { role: 'author', two_factor: false })
})

t.test('the audit trail names who changed 2FA and the policy', async (t) => {
  let entries: AuditEntry[] = []
  for (let i = 0; i < 50; i++) {
    const res = await h.call('GET', '/api/admin/audit?kind=account&pageSize=50', undefined, owner)
    entries = (res.json() as PagedList<AuditEntry>).items
    if (entries.some((e) => e.action === 'two-factor' && e.fields.includes('disabled'))) break
    await new Promise((r) => setTimeout(r, 100))
  }
  const mine = (field: string) =>
    entries.find((e) => e.action === 'two-factor' && e.target.id === edId && e.fields.includes(field))
  t.equal(mine('enabled')?.actor.name, 'ed', 'enabled during the sign-in setup')
  t.equal(mine('recovery-codes')?.actor.name, 'ed', 'new recovery codes')
  t.equal(mine('disabled')?.actor.name, 'ed', 'turned off')
  const policies = entries.filter((e) => e.action === 'two-factor-policy')
  t.ok(policies.length >= 2 && policies.every((e) => e.actor.id === ownerId), 'policy changes by the owner')
  t.ok(policies.some((e) => e.fields.includes('require:admin,editor')))
})
