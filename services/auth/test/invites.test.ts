// @tier services
// Issue 46: invitations and password resets through the auth service with a real SMTP server:
// single-use links, expiry, resend and withdraw, the clear 404/410 answers, always-202 resets.
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { startSmtp } from '../../contact/test/helpers/smtp.js'
import { auth, addMember, addUser, signIn } from './helpers.js'

const PW = 'correct horse battery'
const smtp = await startSmtp()
t.teardown(() => smtp.stop())
let clock = Date.now()
const h = await testApp({
  config: auth.config,
  build: (config) => import('../src/app.js').then((m) => m.buildApp(config, { now: () => clock })),
  name: 'authinvite',
  env: { SMTP_URL: smtp.url, INVITE_TTL_DAYS: '2' },
})
t.teardown(() => h.close())
await addUser(h, 'boss', PW)
await addMember(h, 'ada', PW, 'admin', { email: 'ada@example.com' })
await addMember(h, 'ed', PW, 'editor', { email: 'ed@example.com' })
const owner = await signIn(h, 'boss', PW)
const admin = await signIn(h, 'ada', PW)
const editor = await signIn(h, 'ed', PW)
const tokenOf = (text: string) => text.match(/\/admin\/(?:invite|reset)\/([\w-]+)/)![1]!

t.test('invite, look, accept once', async (t) => {
  const made = await h.call(
    'POST',
    '/api/admin/users/invites',
    { email: 'Tom@Example.com', role: 'translator', languages: ['de'] },
    owner,
  )
  t.equal(made.statusCode, 201, made.body)
  t.match(made.json(), { email: 'tom@example.com', role: 'translator', languages: ['de'], state: 'pending' })
  const [mail] = await smtp.waitFor(1)
  t.match(mail!.subject, /invited/)
  const token = tokenOf(mail!.text)
  t.match((await h.call('GET', `/api/auth/invites/${token}`)).json(), {
    email: 'tom@example.com',
    role: 'translator',
  })
  t.equal((await h.call('GET', '/api/auth/invites/nonsense')).statusCode, 404)
  const accepted = await h.call('POST', `/api/auth/invites/${token}/accept`, {
    display_name: 'Tom',
    password: PW,
  })
  t.equal(accepted.statusCode, 201, accepted.body)
  t.match(accepted.json(), { username: 'tom@example.com', role: 'translator', languages: ['de'] })
  const again = await h.call('POST', `/api/auth/invites/${token}/accept`, { password: PW })
  t.equal(again.statusCode, 410)
  t.match(again.json(), { code: 'INVITE_USED' })
  t.equal(
    (await h.call('POST', '/api/admin/users/invites', { email: 'tom@example.com', role: 'author' }, owner))
      .statusCode,
    409,
  )
})

t.test('who may invite whom', async (t) => {
  t.equal(
    (await h.call('POST', '/api/admin/users/invites', { email: 'x@example.com', role: 'admin' }, admin))
      .statusCode,
    403,
    'an admin invites no admins',
  )
  t.equal(
    (await h.call('POST', '/api/admin/users/invites', { email: 'x@example.com', role: 'author' }, editor))
      .statusCode,
    403,
  )
  t.equal(
    (await h.call('POST', '/api/admin/users/invites', { email: 'x@example.com', role: 'owner' }, owner))
      .statusCode,
    403,
    'one owner',
  )
  t.equal(
    (await h.call('POST', '/api/admin/users/invites', { email: 'not an address', role: 'author' }, owner))
      .statusCode,
    400,
  )
})

t.test('resend makes a new link; withdraw and expiry close it with a reason', async (t) => {
  const before = smtp.mails.length
  const made = (
    await h.call('POST', '/api/admin/users/invites', { email: 'amy@example.com', role: 'author' }, admin)
  ).json()
  const first = tokenOf((await smtp.waitFor(before + 1))[before]!.text)
  t.equal(
    (await h.call('POST', `/api/admin/users/invites/${made.id}/resend`, undefined, admin)).statusCode,
    200,
  )
  const second = tokenOf((await smtp.waitFor(before + 2))[before + 1]!.text)
  t.not(second, first)
  t.equal((await h.call('GET', `/api/auth/invites/${first}`)).statusCode, 404, 'the old link no longer works')
  clock += 3 * 86400000
  const late = await h.call('GET', `/api/auth/invites/${second}`)
  t.equal(late.statusCode, 410)
  t.match(late.json().message, /expired/)
  clock = Date.now()
  t.equal((await h.call('DELETE', `/api/admin/users/invites/${made.id}`, undefined, admin)).statusCode, 204)
  t.match((await h.call('GET', `/api/auth/invites/${second}`)).json(), { code: 'INVITE_REVOKED' })
  const list = (await h.call('GET', '/api/admin/users/invites', undefined, owner)).json()
  t.notOk(list.items.some((i: { email: string }) => i.email === 'amy@example.com'))
})

t.test('password reset: always 202, one mail, one use', async (t) => {
  const before = smtp.mails.length
  t.equal((await h.call('POST', '/api/auth/password-reset', { email: 'nobody@example.com' })).statusCode, 202)
  t.equal((await h.call('POST', '/api/auth/password-reset', { email: 'ED@example.com' })).statusCode, 202)
  const mail = (await smtp.waitFor(before + 1))[before]!
  t.same(mail.to, ['ed@example.com'])
  const token = tokenOf(mail.text)
  const weak = await h.call('POST', `/api/auth/password-reset/${token}`, { password: 'short' })
  t.equal(weak.statusCode, 400)
  t.equal(
    (await h.call('POST', `/api/auth/password-reset/${token}`, { password: 'a brand new one' })).statusCode,
    200,
  )
  t.equal(
    (await h.call('POST', `/api/auth/password-reset/${token}`, { password: 'and another one' })).statusCode,
    410,
  )
  t.equal((await h.call('GET', '/api/auth/user', undefined, editor)).statusCode, 401, 'sessions ended')
  await signIn(h, 'ed@example.com', 'a brand new one')
  t.equal(smtp.mails.length, before + 1, 'no mail for an unknown address')
})
