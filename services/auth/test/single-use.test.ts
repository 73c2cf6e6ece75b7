// @tier services
// What may be used once is used once, also when the uses race (issue 45): a TOTP code, a recovery
// code and an invitation. The embedded FerretDB does not run a conditional update atomically (it
// reads, then writes by id), so each claim also holds the kit's per-document lock.
import t from 'tap'
import { Redis } from 'ioredis'
import { testApp } from '@site/service-kit/testing'
import { startSmtp } from '../../contact/test/helpers/smtp.js'
import { authAt, addUser, pendingOf, signIn } from './helpers.js'
import { totpCode } from '../src/lib/totp.js'

const PW = 'correct horse battery'
const smtp = await startSmtp()
t.teardown(() => smtp.stop())
let clock = Date.now()
const h = await testApp({
  ...authAt(() => clock),
  name: 'authsingleuse',
  env: { SMTP_URL: smtp.url },
})
t.teardown(() => h.close())
await addUser(h, 'boss', PW)
const owner = await signIn(h, 'boss', PW)
const RACERS = 6
const redis = new Redis(h.config.REDIS_URL)
t.teardown(() => redis.disconnect())
/** The failed sign-ins a race leaves count against the account: each race starts from none. */
async function forgetFailures() {
  const keys = await redis.keys(`${h.config.QUEUE_PREFIX}:login-fail*`)
  if (keys.length) await redis.del(...keys)
}

const secret = (await h.call('POST', '/api/auth/2fa/setup', undefined, owner)).json().secret as string
const enabled = await h.call('POST', '/api/auth/2fa/enable', { code: totpCode(secret, clock) }, owner)
const recovery = enabled.json().recovery_codes as string[]
clock += 30_000

/** RACERS sign-ins with the password, then the same second factor sent by all at once. */
async function race(code: string) {
  await forgetFailures()
  const pending = []
  for (let i = 0; i < RACERS; i++)
    pending.push(pendingOf(await h.call('POST', '/api/auth/login', { username: 'boss', password: PW })))
  const answers = await Promise.all(pending.map((p) => h.call('POST', '/api/auth/login/2fa', { code }, p)))
  return answers.map((a) => a.statusCode).sort()
}

t.test('a TOTP code signs in once, however many sign-ins send it at once', async (t) => {
  // The others are wrong codes now: 401, or 429 once they reach the failed-sign-in limit.
  const codes = await race(totpCode(secret, clock))
  t.equal(codes.filter((c) => c === 200).length, 1, `one sign-in (${codes.join(', ')})`)
  t.ok(
    codes.every((c) => c === 200 || c === 401 || c === 429),
    'the others refused',
  )
  clock += 30_000
})

t.test('a recovery code signs in once', async (t) => {
  const codes = await race(recovery[0]!)
  t.equal(codes.filter((c) => c === 200).length, 1, `one sign-in (${codes.join(', ')})`)
  t.ok(
    codes.every((c) => c === 200 || c === 401 || c === 429),
    'the others refused',
  )
})

t.test('an invitation is accepted once', async (t) => {
  const made = await h.call(
    'POST',
    '/api/admin/users/invites',
    { email: 'eve@example.com', role: 'editor' },
    owner,
  )
  t.equal(made.statusCode, 201, made.body)
  const [mail] = await smtp.waitFor(1)
  const token = mail!.text.match(/\/admin\/invite\/([\w-]+)/)![1]!
  const answers = await Promise.all(
    Array.from({ length: RACERS }, (_, i) =>
      h.call('POST', `/api/auth/invites/${token}/accept`, {
        username: `eve${i}`,
        display_name: 'Eve',
        password: 'eve-password-123',
      }),
    ),
  )
  const codes = answers.map((a) => a.statusCode)
  t.equal(codes.filter((c) => c === 201).length, 1, `one account made (${codes.join(', ')})`)
  const users = (await h.call('GET', '/api/admin/users?pageSize=50', undefined, owner)).json()
  t.equal(
    users.items.filter((u: { username: string }) => u.username.startsWith('eve')).length,
    1,
    'one account listed',
  )
})
