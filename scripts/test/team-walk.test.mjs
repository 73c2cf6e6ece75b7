// @tier stack
// Issue 46, "Done when": the whole stack (every service from its build, the gateway in front, the
// real MongoDB, Redis and an SMTP server in this process) walked over HTTP as a team would.
import t from 'tap'
import { root } from '../lib/infra.mjs'
import { startSmtp } from '../../services/contact/test/helpers/smtp.js'
import { client, startInProcessStack } from './lib/in-process-stack.mjs'

const smtp = await startSmtp()
t.teardown(() => smtp.stop())
const { apps, envs, gateway } = await startInProcessStack(t, 'teamwalk', { auth: { SMTP_URL: smtp.url } })
const { userModel } = await import(`${root}/services/auth/dist/models/user.js`)
const { createHasher } = await import(`${root}/services/auth/dist/lib/passwords.js`)
const { upsertAdmin } = await import(`${root}/services/auth/dist/lib/admin-account.js`)
const { totpCode } = await import(`${root}/services/auth/dist/lib/totp.js`)
const authConfig = (await import(`${root}/services/auth/dist/config.js`)).readConfig(envs.auth)
await upsertAdmin(userModel(apps.auth.db), await createHasher(authConfig), 'owner', 'the owner password')

const linkIn = (mail, kind) => mail.text.match(new RegExp(`/admin/${kind}/([\\w-]+)`))?.[1]
const ok = (res, status, what) => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`)
  return res.body
}

const owner = client(gateway)
const editor = client(gateway)
const author = client(gateway)
let postId
let authorSecret
let recovery

t.test('the owner invites an editor and an author: both mails arrive, both accept', async (t) => {
  ok(
    await owner.call('POST', '/api/auth/login', { username: 'owner', password: 'the owner password' }),
    200,
    'owner',
  )
  for (const [email, role] of [
    ['eddie@example.com', 'editor'],
    ['anna@example.com', 'author'],
  ])
    t.equal((await owner.call('POST', '/api/admin/users/invites', { email, role })).status, 201, role)
  const dup = await owner.call('POST', '/api/admin/users/invites', {
    email: 'ANNA@example.com',
    role: 'author',
  })
  t.equal(dup.status, 409, 'a second invitation to the same address')
  const mails = await smtp.waitFor(2)
  const to = (address) => mails.find((m) => m.to.includes(address))
  t.ok(to('eddie@example.com'), 'the editor got a mail')
  t.ok(to('anna@example.com'), 'the author got a mail')
  const editorToken = linkIn(to('eddie@example.com'), 'invite')
  const authorToken = linkIn(to('anna@example.com'), 'invite')
  const shown = await author.call('GET', `/api/auth/invites/${authorToken}`)
  t.match(shown.body, { email: 'anna@example.com', role: 'author', invited_by: 'owner' })
  const weak = await author.call('POST', `/api/auth/invites/${authorToken}/accept`, {
    display_name: 'Anna',
    password: 'short',
  })
  t.equal(weak.status, 400)
  t.match(weak.body.message, /at least 8 characters/)
  const a = await author.call('POST', `/api/auth/invites/${authorToken}/accept`, {
    display_name: 'Anna Author',
    password: 'anna password 1',
  })
  t.equal(a.status, 201)
  t.match(a.body, { role: 'author', email: 'anna@example.com' })
  const again = await client(gateway).call('POST', `/api/auth/invites/${authorToken}/accept`, {
    password: 'anna password 1',
  })
  t.equal(again.status, 410, 'a used link gets a clear answer')
  t.match(again.body.message, /already used/)
  ok(
    await editor.call('POST', `/api/auth/invites/${editorToken}/accept`, {
      display_name: 'Eddie Editor',
      password: 'eddie password 1',
    }),
    201,
    'editor accepts',
  )
})

t.test('the author writes a draft and may not publish it; the editor publishes it', async (t) => {
  const draft = {
    title_nl: 'Ons team',
    title_en: 'Our team',
    excerpt_nl: 'Kort',
    excerpt_en: 'Short',
    content_nl: '<p>Hallo</p>',
    content_en: '<p>Hello</p>',
  }
  const refused = await author.call('POST', '/api/blog', { ...draft, published: true })
  t.equal(refused.status, 403, 'an author cannot create a published post')
  const made = await author.call('POST', '/api/blog', draft)
  t.equal(made.status, 201)
  postId = made.body.id
  t.equal(made.body.author, 'Anna Author', 'the byline is the person')
  const publish = await author.call('PUT', `/api/blog/${postId}`, { published: true })
  t.equal(publish.status, 403)
  t.match(publish.body.message, /cannot publish/)
  t.equal((await author.call('PUT', `/api/blog/${postId}`, { title_en: 'Our whole team' })).status, 200)
  t.equal(
    (await editor.call('PUT', `/api/blog/${postId}`, { published: true })).status,
    200,
    'the editor publishes',
  )
  t.equal(
    (await author.call('PUT', `/api/blog/${postId}`, { title_en: 'Changed' })).status,
    403,
    'published: not a draft',
  )
})

t.test('the editor is refused the Users routes', async (t) => {
  t.equal((await editor.call('GET', '/api/admin/users')).status, 403)
  t.equal(
    (await editor.call('POST', '/api/admin/users/invites', { email: 'x@example.com', role: 'author' }))
      .status,
    403,
  )
})

t.test('the author enables 2FA and signs in with a TOTP code, then a recovery code (once)', async (t) => {
  const setup = ok(await author.call('POST', '/api/auth/2fa/setup'), 200, 'setup')
  t.match(setup.otpauth_url, /^otpauth:\/\/totp\//)
  authorSecret = setup.secret
  t.equal((await author.call('POST', '/api/auth/2fa/enable', { code: '000000' })).status, 400, 'a wrong code')
  recovery = ok(
    await author.call('POST', '/api/auth/2fa/enable', { code: totpCode(authorSecret, Date.now()) }),
    200,
    'enable',
  ).recovery_codes
  t.equal(recovery.length, 10)
  const users = ok(await owner.call('GET', '/api/admin/users'), 200, 'users').items
  t.equal(users.find((u) => u.email === 'anna@example.com').two_factor, true, 'the Users list shows 2FA')

  const second = client(gateway)
  const step1 = await second.call('POST', '/api/auth/login', {
    username: 'anna@example.com',
    password: 'anna password 1',
  })
  t.same(step1.body, { two_factor_required: true }, 'no session before the code')
  t.equal((await second.call('GET', '/api/auth/user')).status, 401)
  t.equal(
    (await second.call('POST', '/api/auth/login/2fa', { code: '123456' })).status,
    401,
    'a wrong code is a 401',
  )
  // The next time step's code: the current one was used to enable.
  const signed = await second.call('POST', '/api/auth/login/2fa', {
    code: totpCode(authorSecret, Date.now() + 30000),
  })
  t.equal(signed.status, 200, 'TOTP code')
  t.equal((await second.call('GET', '/api/auth/user')).body.email, 'anna@example.com')

  const third = client(gateway)
  await third.call('POST', '/api/auth/login', { username: 'anna@example.com', password: 'anna password 1' })
  t.equal(
    (await third.call('POST', '/api/auth/login/2fa', { code: recovery[0] })).status,
    200,
    'recovery code',
  )
  const fourth = client(gateway)
  await fourth.call('POST', '/api/auth/login', { username: 'anna@example.com', password: 'anna password 1' })
  t.equal(
    (await fourth.call('POST', '/api/auth/login/2fa', { code: recovery[0] })).status,
    401,
    'used once only',
  )

  const listed = ok(await second.call('GET', '/api/auth/sessions'), 200, 'sessions').items
  t.ok(listed.length >= 3, `the author's sessions are listed (${listed.length})`)
  t.equal(listed.filter((s) => s.current).length, 1, 'this one marked')
  const thirdId = ok(await third.call('GET', '/api/auth/sessions'), 200, 'sessions').items.find(
    (s) => s.current,
  ).id
  t.equal((await second.call('DELETE', `/api/auth/sessions/${thirdId}`)).status, 204, 'one is ended')
  t.equal((await third.call('GET', '/api/auth/user')).status, 401, 'its cookie gets 401')
  t.equal((await third.call('GET', `/api/blog/${postId}`)).status, 401, 'in every service')
  t.equal((await second.call('GET', '/api/auth/user')).status, 200, 'the other stays')
})

t.test('the owner disables the editor: their open session gets 401 at once', async (t) => {
  t.equal((await editor.call('GET', `/api/blog/${postId}`)).status, 200, 'the editor reads drafts')
  const editorId = ok(await owner.call('GET', '/api/admin/users'), 200, 'users').items.find(
    (u) => u.role === 'editor',
  ).id
  t.equal((await owner.call('PATCH', `/api/admin/users/${editorId}`, { disabled: true })).status, 200)
  t.equal((await editor.call('GET', '/api/auth/user')).status, 401)
  t.equal(
    (await editor.call('PUT', `/api/blog/${postId}`, { published: false })).status,
    401,
    'in the blog service too',
  )
})

t.test('a password reset mail works once; an unknown address is answered the same', async (t) => {
  const before = smtp.mails.length
  t.equal(
    (await client(gateway).call('POST', '/api/auth/password-reset', { email: 'nobody@example.com' })).status,
    202,
  )
  t.equal(
    (await client(gateway).call('POST', '/api/auth/password-reset', { email: 'Anna@example.com' })).status,
    202,
  )
  const mails = await smtp.waitFor(before + 1)
  const mail = mails.slice(before).find((m) => m.to.includes('anna@example.com'))
  t.ok(mail, 'the reset mail arrived')
  t.equal(mails.slice(before).filter((m) => m.to.includes('nobody@example.com')).length, 0, 'none for nobody')
  const token = linkIn(mail, 'reset')
  t.equal(
    (
      await client(gateway).call('POST', `/api/auth/password-reset/${token}`, {
        password: 'anna new password',
      })
    ).status,
    200,
  )
  const twice = await client(gateway).call('POST', `/api/auth/password-reset/${token}`, {
    password: 'anna other password',
  })
  t.equal(twice.status, 410, 'the link works once')
  t.equal((await author.call('GET', '/api/auth/user')).status, 401, 'every session of the account ended')
  const login = await client(gateway).call('POST', '/api/auth/login', {
    username: 'anna@example.com',
    password: 'anna new password',
  })
  t.same(login.body, { two_factor_required: true }, 'the new password works (2FA still on)')
})

t.test('the audit trail shows each step under the right name', async (t) => {
  const want = [
    ['invite', 'owner'],
    ['invite-accept', 'anna@example.com'],
    ['invite-accept', 'eddie@example.com'],
    ['create', 'anna@example.com'],
    ['publish', 'eddie@example.com'],
    ['two-factor', 'anna@example.com'],
    ['session-end', 'anna@example.com'],
    ['disable', 'owner'],
    ['password-reset', 'anna@example.com'],
  ]
  let entries = []
  for (let i = 0; i < 100; i++) {
    entries = []
    for (let page = 1; page <= 4; page++)
      entries.push(
        ...ok(await owner.call('GET', `/api/admin/audit?pageSize=50&page=${page}`), 200, 'audit').items,
      )
    if (want.every(([action, name]) => entries.some((e) => e.action === action && e.actor.name === name)))
      break
    await new Promise((r) => setTimeout(r, 100))
  }
  for (const [action, name] of want)
    t.ok(
      entries.some((e) => e.action === action && e.actor.name === name),
      `${action} by ${name}`,
    )
})
