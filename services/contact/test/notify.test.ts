// @tier services
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { contact, contactTools, request } from './helpers/harness.js'
import { startSmtp } from './helpers/smtp.js'

t.test(
  'one request arrives as two mails: all fields to the team, a confirmation in the visitor language',
  async (t) => {
    const smtp = await startSmtp()
    const h = contactTools(await testApp(contact('cmails', { smtpUrl: smtp.url })))
    t.teardown(async () => {
      await h.close()
      await smtp.stop()
    })
    await h.startWorker()
    const res = await h.submit({
      name: 'Jan de Vries',
      email: 'jan@example.com',
      phone: '+31 6 1234 5678',
      company: 'Vries & Co',
      message: 'Wij willen een MVP.\nGraag snel.',
    })
    t.equal(res.statusCode, 201)
    const id = res.json().id as string
    const mails = await smtp.waitFor(2)
    const team = mails.find((m) => m.to.includes('team@example.test'))!
    const visitor = mails.find((m) => m.to.includes('jan@example.com'))!
    t.ok(team, 'the team got a mail')
    t.ok(visitor, 'the visitor got a mail')
    t.equal(team.from, 'no-reply@example.test')
    t.match(team.headers['reply-to'], /jan@example\.com/, 'the team can answer the visitor directly')
    t.match(team.subject, /Jan de Vries/)
    for (const field of [
      'Jan de Vries',
      'jan@example.com',
      '+31 6 1234 5678',
      'Vries & Co',
      'Wij willen een MVP.\nGraag snel.',
      id,
    ]) {
      t.ok(team.text.includes(field), `team mail holds ${JSON.stringify(field)}`)
    }
    t.equal(visitor.subject, 'Bedankt voor uw aanvraag', 'no language sent → Dutch')
    t.match(visitor.text, /binnen 24 uur/)
    t.notOk(visitor.text.includes('Wij willen een MVP'), 'the visitor confirmation does not echo the message')
    t.match(visitor.headers['reply-to'], /team@example\.test/)

    const doc = await h.until(
      () => h.contacts.findById(id).lean(),
      (d) => d?.notification?.status === 'sent',
    )
    t.ok(doc?.notification?.sentAt, 'sentAt recorded')
    t.ok(doc?.notification?.team?.sentAt && doc?.notification?.visitor?.sentAt, 'each mail recorded')
    t.equal(doc?.notification?.lastError, null)

    for (const [language, subject, promise] of [
      ['en', 'Thank you for your request', /within 24 hours/],
      ['de', 'Vielen Dank für Ihre Anfrage', /innerhalb von 24 Stunden/],
    ] as const) {
      const before = smtp.mails.length
      const email = `${language}@example.com`
      t.equal((await h.submit(request({ email, language }))).statusCode, 201)
      await smtp.waitFor(before + 2)
      const confirmation = smtp.mails.find((m) => m.to.includes(email))!
      t.equal(confirmation.subject, subject, `${language} subject`)
      t.match(confirmation.text, promise, `${language} promises a reply within 24 hours`)
    }
    t.equal(smtp.mails.length, 6, 'no extra mails')
    t.notMatch(
      JSON.stringify(await h.call('GET', '/metrics').then((r) => r.body)),
      /jan@example/,
      'no address in metrics',
    )
  },
)

t.test('SMTP failing, then stopped, then back: every mail delivered exactly once', async (t) => {
  const smtp = await startSmtp({ failNext: 3 })
  const h = contactTools(await testApp(contact('cretry', { smtpUrl: smtp.url })))
  t.teardown(async () => {
    await h.close()
    await smtp.stop()
  })
  await h.startWorker()
  const first = (await h.submit(request())).json().id as string
  await smtp.waitFor(2)
  const doc = await h.until(
    () => h.contacts.findById(first).lean(),
    (d) => d?.notification?.status === 'sent',
  )
  t.ok(
    (doc?.notification?.attempts ?? 0) >= 2,
    `retried after temporary failures (${doc?.notification?.attempts} attempts)`,
  )

  await smtp.stop()
  const ids: string[] = []
  for (let i = 0; i < 3; i++) ids.push((await h.submit(request())).json().id)
  // The server is down: attempts fail and are recorded, nothing is marked sent.
  await h.until(
    () => h.contacts.findById(ids[0]).lean(),
    (d) => (d?.notification?.attempts ?? 0) >= 2,
  )
  const waiting = await h.contacts.findById(ids[0]).lean()
  t.equal(waiting?.notification?.status, 'pending')
  t.match(waiting?.notification?.lastError, /ECONNECTION|ESOCKET|ECONNREFUSED/, 'the last error is recorded')
  await smtp.start()
  await smtp.waitFor(8)
  for (const id of ids)
    await h.until(
      () => h.contacts.findById(id).lean(),
      (d) => d?.notification?.status === 'sent',
    )
  // Let the relay run a few more passes: nothing may be sent twice.
  await new Promise((r) => setTimeout(r, 1000))
  t.equal(smtp.mails.length, 8, '4 requests → 8 mails, none doubled')
  const perRecipient = new Map<string, number>()
  for (const m of smtp.mails) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1)
  t.equal(perRecipient.get('team@example.test'), 4)
  t.ok(
    [...perRecipient].filter(([to]) => to !== 'team@example.test').every(([, n]) => n === 1),
    'each visitor confirmed once',
  )
})

t.test('an invalid recipient is a permanent failure, visible in the admin inbox', async (t) => {
  const smtp = await startSmtp({ rejectRecipient: (a) => a.endsWith('@invalid.example') })
  const h = contactTools(await testApp(contact('cinvalid', { smtpUrl: smtp.url })))
  t.teardown(async () => {
    await h.close()
    await smtp.stop()
  })
  await h.startWorker()
  const id = (await h.submit(request({ email: 'nobody@invalid.example' }))).json().id as string
  const doc = await h.until(
    () => h.contacts.findById(id).lean(),
    (d) => d?.notification?.status === 'failed',
  )
  t.equal(doc?.notification?.attempts, 1, 'not retried')
  t.ok(doc?.notification?.team?.sentAt, 'the team still got the request')
  t.equal(doc?.notification?.visitor?.sentAt, null)
  t.equal(smtp.mails.length, 1)
  const cookie = await h.adminCookie()
  const item = (await h.call('GET', `/api/contacts/${id}`, undefined, { cookie })).json()
  t.equal(item.notification.status, 'failed')
  t.match(item.notification.lastError, /Confirmation mail: .*550/)
  t.match(item.notification.visitor.error, /550/)
  const list = (await h.call('GET', '/api/contacts', undefined, { cookie })).json()
  t.equal(list.items[0].notification.status, 'failed', 'the inbox list shows it too')
})

t.test(
  'after an SMTP outage, waiting mails go out when the server answers, not at the end of their backoff',
  async (t) => {
    const smtp = await startSmtp()
    // A 10-minute first retry: only the recovery probe can deliver within this test's time.
    const h = contactTools(
      await testApp(
        contact('crecover', {
          smtpUrl: smtp.url,
          env: { NOTIFY_BACKOFF_MS: '600000', NOTIFY_BACKOFF_MAX_MS: '600000' },
        }),
      ),
    )
    t.teardown(async () => {
      await h.close()
      await smtp.stop()
    })
    await smtp.stop()
    await h.startWorker()
    const id = (await h.submit(request())).json().id as string
    const failed = await h.until(
      () => h.contacts.findById(id).lean(),
      (d) => (d?.notification?.attempts ?? 0) >= 1,
    )
    t.equal(failed?.notification?.status, 'pending', 'waiting for a retry')
    await smtp.start()
    await smtp.waitFor(2)
    const doc = await h.until(
      () => h.contacts.findById(id).lean(),
      (d) => d?.notification?.status === 'sent',
    )
    t.equal(doc?.notification?.attempts, 2)
    t.equal(smtp.mails.length, 2)
  },
)

t.test('an admin retries a failed notification: only the unsent mail goes out', async (t) => {
  const rejecting = { on: true }
  const smtp = await startSmtp({ rejectRecipient: (a) => rejecting.on && a === 'typo@example.com' })
  const h = contactTools(await testApp(contact('cretryadmin', { smtpUrl: smtp.url })))
  t.teardown(async () => {
    await h.close()
    await smtp.stop()
  })
  await h.startWorker()
  const cookie = await h.adminCookie()
  const id = (await h.submit(request({ email: 'typo@example.com' }))).json().id as string
  await h.until(
    () => h.contacts.findById(id).lean(),
    (d) => d?.notification?.status === 'failed',
  )
  t.equal(smtp.mails.length, 1, 'the team mail went out')
  rejecting.on = false // e.g. the mailbox exists now
  const retry = await h.call('POST', `/api/contacts/${id}/retry`, undefined, { cookie })
  t.equal(retry.statusCode, 200)
  t.equal(retry.json().notification.status, 'pending')
  await smtp.waitFor(2)
  await h.until(
    () => h.contacts.findById(id).lean(),
    (d) => d?.notification?.status === 'sent',
  )
  t.same(
    smtp.mails.map((m) => m.to[0]),
    ['team@example.test', 'typo@example.com'],
    'the team mail was not sent again',
  )
  const again = await h.call('POST', `/api/contacts/${id}/retry`, undefined, { cookie })
  t.equal(again.statusCode, 409, 'a sent request cannot be retried')
  t.equal((await h.call('POST', `/api/contacts/${id}/retry`)).statusCode, 401)
})
