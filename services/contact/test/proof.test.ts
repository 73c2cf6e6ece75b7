// @tier services
// The contact form's proof of work (ALTCHA), its order after the honeypot, the form's budget across
// addresses and the confirmation mail once per address per hour (docs/contact.md, "Spam").
import t from 'tap'
import { testApp, TEST_SESSION_SECRET } from '@site/service-kit/testing'
import { contact, contactTools, request } from './helpers/harness.js'
import { startSmtp } from './helpers/smtp.js'
import { issueChallenge, proofKey } from '../src/lib/proof.js'
import { solveChallenge } from '../../../scripts/lib/altcha.mjs'

const encode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64')
const decode = (s: string) => JSON.parse(Buffer.from(s, 'base64').toString('utf8')) as Record<string, unknown>

t.test('GET /api/contacts/challenge: a signed challenge, no cookie, never stored', async (t) => {
  const h = contactTools(await testApp(contact('cpowchal')))
  t.teardown(() => h.close())
  const res = await h.call('GET', '/api/contacts/challenge')
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'private, no-store')
  t.notOk(res.headers['set-cookie'], 'no cookie')
  const c = res.json()
  t.match(c, {
    algorithm: 'SHA-256',
    challenge: /^[0-9a-f]{64}$/,
    maxnumber: 10000,
    signature: /^[0-9a-f]{64}$/,
  })
  t.match(c.salt, /\?expires=\d+&$/, 'the expiry is inside the signed salt')
  const other = (await h.call('GET', '/api/contacts/challenge')).json()
  t.not(other.challenge, c.challenge, 'each form gets its own')
})

t.test('a request without a valid proof gets a clear, localized 4xx and is not stored', async (t) => {
  const h = contactTools(await testApp(contact('cpowbad')))
  t.teardown(() => h.close())
  const solved = decode(await h.proof())
  const key = proofKey(undefined, TEST_SESSION_SECRET)
  const expired = solveChallenge(
    await issueChallenge({ hmacKey: key, maxNumber: 100, expiresS: 60 }, Date.now() - 120_000),
  )
  const forged = solveChallenge(
    await issueChallenge({ hmacKey: 'another-key-0123456789abcdef0123456789', maxNumber: 100, expiresS: 60 }),
  )
  const cases: [string, unknown, string | undefined, number, string, RegExp][] = [
    ['missing', undefined, 'en', 400, 'PROOF_REQUIRED', /^The form could not be verified/],
    ['empty', '', undefined, 400, 'PROOF_REQUIRED', /^Het formulier kon niet worden gecontroleerd/],
    ['not base64 JSON', 'bm90IGpzb24=', 'de', 400, 'PROOF_INVALID', /^Das Formular konnte nicht geprüft/],
    [
      'wrong number',
      encode({ ...solved, number: (solved.number as number) + 1 }),
      'en',
      400,
      'PROOF_INVALID',
      /reload/,
    ],
    ['signed with another key', forged, 'en', 400, 'PROOF_INVALID', /could not be verified/],
    ['expired', expired, 'en', 400, 'PROOF_EXPIRED', /^The form has expired/],
  ]
  for (const [what, altcha, language, status, code, message] of cases) {
    const res = await h.submit(request({ altcha, ...(language ? { language } : {}) }))
    t.equal(res.statusCode, status, what)
    t.match(res.json(), { code, message }, what)
  }
  t.equal(await h.contacts.countDocuments({}), 0, 'nothing stored')
})

t.test('each solution is accepted once', async (t) => {
  const h = contactTools(await testApp(contact('cpowreplay')))
  t.teardown(() => h.close())
  const altcha = await h.proof()
  t.equal((await h.submit(request({ altcha }))).statusCode, 201)
  const again = await h.submit(request({ altcha, language: 'nl' }))
  t.equal(again.statusCode, 409)
  t.match(again.json(), { code: 'PROOF_USED', message: /^Dit formulier is al verstuurd/ })
  const parallel = await h.proof()
  const both = await Promise.all([
    h.submit(request({ altcha: parallel })),
    h.submit(request({ altcha: parallel })),
  ])
  t.same(both.map((r) => r.statusCode).sort(), [201, 409], 'two at once: one wins')
  t.equal(await h.contacts.countDocuments({}), 2)
})

t.test('the honeypot is checked first: a bot without a proof still gets the normal 201', async (t) => {
  const h = contactTools(await testApp(contact('cpowhoney')))
  t.teardown(() => h.close())
  for (const altcha of [undefined, 'garbage', await h.proof()]) {
    const res = await h.submit(request({ website: 'http://spam.example', altcha }))
    t.equal(res.statusCode, 201, `honeypot with proof ${String(altcha).slice(0, 8)}`)
    t.match(res.json(), { ok: true, id: /^[0-9a-f]{24}$/ })
  }
  t.equal(await h.contacts.countDocuments({}), 0, 'nothing stored')
})

t.test('the form budget: requests per minute across all addresses, then 429', async (t) => {
  const h = contactTools(
    await testApp(
      contact('cpowbudget', { env: { CONTACT_FORM_BUDGET: '3', CONTACT_FORM_BUDGET_WINDOW_S: '60' } }),
    ),
  )
  t.teardown(() => h.close())
  // Refused proofs do not spend it: a flood of them cannot keep people out.
  for (let i = 0; i < 5; i++)
    t.equal((await h.submit(request({ altcha: 'x' }), `10.7.0.${i}`)).statusCode, 400)
  for (let i = 1; i <= 3; i++) t.equal((await h.submit(request(), `10.7.1.${i}`)).statusCode, 201)
  const busy = await h.submit(request({ language: 'en' }), '10.7.2.1')
  t.equal(busy.statusCode, 429, 'a fourth address within the minute')
  t.match(busy.json(), { code: 'FORM_BUSY', message: /^Very many messages are arriving right now/ })
  t.ok(Number(busy.headers['retry-after']) > 0, 'Retry-After is set')
  t.equal(await h.contacts.countDocuments({}), 3)
})

t.test('one confirmation mail per address per hour; the team gets every request', async (t) => {
  const smtp = await startSmtp()
  const h = contactTools(await testApp(contact('cpowonce', { smtpUrl: smtp.url })))
  t.teardown(async () => {
    await h.close()
    await smtp.stop()
  })
  await h.startWorker()
  const ids: string[] = []
  for (const [email, language] of [
    ['Once@Example.com', 'en'],
    ['once@example.com', 'en'],
    ['once+second@example.com', 'de'],
    ['other@example.com', 'nl'],
  ] as const) {
    const res = await h.submit(request({ email, language }))
    t.equal(res.statusCode, 201, email)
    ids.push(res.json().id)
  }
  const docs = await h.until(
    () => h.contacts.find({}).lean(),
    (ds) => ds.length === 4 && ds.every((d) => d.notification.status === 'sent'),
  )
  const mails = smtp.mails
  t.equal(mails.filter((m) => m.to.includes('team@example.test')).length, 4, 'four team mails')
  const toOnce = mails.filter((m) => m.to.some((a) => /once/i.test(a)))
  t.equal(toOnce.length, 1, 'one confirmation for the one mailbox')
  t.equal(toOnce[0]?.subject, 'Thank you for your request', 'in the language of its form')
  t.equal(mails.filter((m) => m.to.includes('other@example.com')).length, 1, 'another address gets its own')
  const byId = new Map(docs.map((d) => [d._id.toString(), d]))
  t.equal(byId.get(ids[0]!)?.notification.visitor.skipped, null)
  for (const id of ids.slice(1, 3)) t.equal(byId.get(id)?.notification.visitor.skipped, 'recent')
  const inbox = await h.call('GET', `/api/contacts/${ids[1]}`, undefined, h.admin)
  t.match(inbox.json().notification, { status: 'sent', visitor: { sentAt: null, skipped: 'recent' } })
})
