// @tier services
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { contact, contactTools, request } from './helpers/harness.js'

t.test('a request is stored with a pending notification and answered 201', async (t) => {
  const h = contactTools(await testApp(contact('csubmit')))
  t.teardown(() => h.close())
  const res = await h.submit({
    name: '  Ada Lovelace ',
    email: 'ada@example.com',
    phone: '+31 20 123 4567',
    company: 'Engines BV',
    message: 'Line one\nLine two',
    language: 'en',
  })
  t.equal(res.statusCode, 201)
  const { id, ok } = res.json()
  t.equal(ok, true)
  t.match(id, /^[0-9a-f]{24}$/)
  const doc = await h.contacts.findById(id).lean()
  t.match(doc, {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+31 20 123 4567',
    company: 'Engines BV',
    message: 'Line one\nLine two',
    language: 'en',
    handled: false,
  })
  t.equal(doc?.notification?.status, 'pending', 'saved as pending before anything is sent')
})

t.test('optional fields: absent, empty or null; language defaults to nl', async (t) => {
  const h = contactTools(await testApp(contact('coptional')))
  t.teardown(() => h.close())
  for (const extra of [
    {},
    { phone: '', company: '' },
    { phone: null, company: null },
    { language: 'fr' },
    { language: null },
  ]) {
    const res = await h.submit(request(extra))
    t.equal(res.statusCode, 201, JSON.stringify(extra))
    const doc = await h.contacts.findById(res.json().id).lean()
    t.equal(doc?.phone, null)
    t.equal(doc?.company, null)
    t.equal(doc?.language, 'nl', 'unknown or missing language → nl')
  }
  const de = await h.submit(request({ language: 'de-AT' }))
  t.equal((await h.contacts.findById(de.json().id).lean())?.language, 'de')
})

t.test('validation edges answer 400 with a message and store nothing', async (t) => {
  const h = contactTools(await testApp(contact('cvalid')))
  t.teardown(() => h.close())
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['no name', { email: 'a@example.com', message: 'hi' }, /name/],
    ['blank name', { name: '   ', email: 'a@example.com', message: 'hi' }, /name/],
    ['no email', { name: 'A', message: 'hi' }, /email/],
    ['bad email', { name: 'A', email: 'not-an-email', message: 'hi' }, /^Must be a valid email address$/],
    ['email without domain dot', { name: 'A', email: 'a@localhost', message: 'hi' }, /valid email/],
    ['email with space', { name: 'A', email: 'a b@example.com', message: 'hi' }, /valid email/],
    // Characters that would add parameters to the inbox's mailto: link.
    [
      'mailto parameters',
      { name: 'A', email: 'a?cc=attacker%40evil.example&subject=x@example.com', message: 'hi' },
      /valid email/,
    ],
    ['percent in address', { name: 'A', email: 'a%40b@example.com', message: 'hi' }, /valid email/],
    ['ampersand in address', { name: 'A', email: 'a&b@example.com', message: 'hi' }, /valid email/],
    ['equals in address', { name: 'A', email: 'a=b@example.com', message: 'hi' }, /valid email/],
    ['hash in address', { name: 'A', email: 'a#b@example.com', message: 'hi' }, /valid email/],
    ['slash in address', { name: 'A', email: 'a/b@example.com', message: 'hi' }, /valid email/],
    [
      'query in domain',
      { name: 'A', email: 'a@example.com?cc=x@evil.example', message: 'hi' },
      /valid email/,
    ],
    ['leading dot', { name: 'A', email: '.a@example.com', message: 'hi' }, /valid email/],
    ['double dot', { name: 'A', email: 'a..b@example.com', message: 'hi' }, /valid email/],
    [
      'domain label with a hyphen at its end',
      { name: 'A', email: 'a@ex-.example.com', message: 'hi' },
      /valid email/,
    ],
    ['no message', { name: 'A', email: 'a@example.com' }, /message/],
    ['blank message', { name: 'A', email: 'a@example.com', message: ' \n ' }, /message/],
    ['name too long', { name: 'x'.repeat(101), email: 'a@example.com', message: 'hi' }, /name/],
    ['message too long', { name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) }, /message/],
    ['phone too long', { name: 'A', email: 'a@example.com', message: 'hi', phone: '1'.repeat(31) }, /phone/],
    ['object as name', { name: { $gt: '' }, email: 'a@example.com', message: 'hi' }, /name/],
  ]
  for (const [what, body, message] of cases) {
    const res = await h.submit(body)
    t.equal(res.statusCode, 400, what)
    t.match(res.json(), { statusCode: 400, error: 'Bad Request', message }, what)
  }
  const notJson = await h.call('POST', '/api/contacts', undefined, { 'content-type': 'application/json' })
  t.equal(notJson.statusCode, 400, 'empty body')
  t.equal(await h.contacts.countDocuments({}), 0, 'nothing stored')
  const longest = await h.submit({
    name: 'x'.repeat(100),
    email: `${'a'.repeat(240)}@example.com`,
    message: 'y'.repeat(5000),
  })
  t.equal(longest.statusCode, 201, 'the maxima themselves are accepted')
  for (const email of [
    'first.last+tag@example.com',
    "o'brien@example.co.uk",
    'jürgen@müller.de',
    'a_b-c@sub.example.nl',
  ]) {
    const ok = await h.submit(request({ email }))
    t.equal(ok.statusCode, 201, `${email} is accepted`)
  }
})

t.test('a filled honeypot is accepted silently and neither stored nor queued', async (t) => {
  const h = contactTools(await testApp(contact('choney')))
  t.teardown(() => h.close())
  const res = await h.submit(request({ website: 'http://spam.example' }))
  t.equal(res.statusCode, 201)
  t.equal(res.json().ok, true)
  t.match(res.json().id, /^[0-9a-f]{24}$/, 'looks like any other answer')
  t.equal(await h.contacts.countDocuments({}), 0)
  const empty = await h.submit(request({ website: '  ' }))
  t.equal(empty.statusCode, 201)
  t.equal(await h.contacts.countDocuments({}), 1, 'an empty honeypot is a person')
})

t.test('identical submissions within the window collapse into one request', async (t) => {
  const h = contactTools(await testApp(contact('cdedupe')))
  t.teardown(() => h.close())
  const body = request({ phone: '0612345678' })
  const [a, b] = await Promise.all([h.submit(body), h.submit(body)])
  t.equal(a.statusCode, 201)
  t.equal(b.statusCode, 201)
  t.equal(a.json().id, b.json().id, 'a double click gives one id')
  const c = await h.submit({ ...body, name: `  ${body.name.toUpperCase()} `, message: `${body.message}  ` })
  t.equal(c.json().id, a.json().id, 'a resend with only case and spacing changed is the same request')
  const other = await h.submit({ ...body, message: 'Something else entirely' })
  t.not(other.json().id, a.json().id, 'a different message is a new request')
  t.equal(await h.contacts.countDocuments({}), 2)
})

t.test('per-IP rate limit answers 429 with Retry-After', async (t) => {
  const h = contactTools(
    await testApp(contact('crate', { env: { CONTACT_RATE_LIMIT: '3', CONTACT_RATE_WINDOW_S: '600' } })),
  )
  t.teardown(() => h.close())
  for (let i = 0; i < 3; i++) t.equal((await h.submit(request())).statusCode, 201)
  const limited = await h.submit(request())
  t.equal(limited.statusCode, 429)
  t.match(limited.json(), {
    statusCode: 429,
    error: 'Too Many Requests',
    code: 'RATE_LIMITED',
    message: /Too many/,
  })
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After is set')
  t.equal(
    (await h.submit(request({ website: 'x' }))).statusCode,
    429,
    'bots filling the honeypot are limited too',
  )
  t.equal((await h.submit(request(), '10.99.99.99')).statusCode, 201, 'another address is not affected')
  t.equal(await h.contacts.countDocuments({}), 4)
  // An IPv6 client is one client per /64: a fresh address of it does not get a fresh allowance.
  for (let i = 1; i <= 3; i++) t.equal((await h.submit(request(), `2001:db8:c:d::${i}`)).statusCode, 201)
  t.equal((await h.submit(request(), '2001:db8:c:d:ffff::9')).statusCode, 429, 'the /64 is counted as one')
})
