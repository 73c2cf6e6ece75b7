// @tier services
// The signed webhook (docs/contact.md, "Webhook"): a real HTTP receiver on this machine that
// answers 500 first and 200 then gets the request, signed, and a retry; the inbox shows the
// delivery and "send again" delivers it once more (audited).
import t from 'tap'
import { silentLog } from '@site/service-kit'
import { testApp } from '@site/service-kit/testing'
import { processWebhook } from '../src/jobs/webhook.js'
import { createWebhookQueue } from '../src/lib/webhook.js'
import type { WebhookDelivery } from '../src/models/contact.js'
import { contact, contactTools, request } from './helpers/harness.js'
import { startSmtp } from './helpers/smtp.js'
import { startReceiver, verifySignature as verify } from './helpers/webhook-receiver.js'

const SECRET = 'webhook-secret-for-the-test-0123456789abcdef'

t.test('the receiver gets a signed request and a retry after a 500; send again from the inbox', async (t) => {
  const receiver = await startReceiver([500, 200, 200])
  const smtp = await startSmtp()
  const h = contactTools(
    await testApp(
      contact('chook', {
        smtpUrl: smtp.url,
        env: {
          CONTACT_WEBHOOK_URLS: ` ${receiver.url} ,`,
          CONTACT_WEBHOOK_SECRET: SECRET,
          CONTACT_CONSENT_VERSION: '2026-11',
          WEBHOOK_BACKOFF_MS: '100',
        },
      }),
    ),
  )
  t.teardown(async () => {
    await h.close()
    await smtp.stop()
    await receiver.stop()
  })
  await h.startWorker()
  const res = await h.submit(request({ name: 'Grace Hopper', company: 'Navy', language: 'en' }))
  t.equal(res.statusCode, 201)
  const id = res.json().id as string

  const doc = await h.until(
    () => h.contacts.findById(id).lean(),
    (d) => d?.webhooks?.[0]?.status === 'delivered',
  )
  t.equal(receiver.got.length, 2, 'one failed attempt, one retry')
  t.same(
    receiver.got.map((g) => g.status),
    [500, 200],
  )
  for (const [i, g] of receiver.got.entries()) {
    t.ok(verify(g.headers['x-site-signature'], g.raw, SECRET), `delivery ${i + 1}: valid signature`)
    t.notOk(verify(g.headers['x-site-signature'], g.raw, 'another-secret'), 'not with another key')
    t.equal(g.headers['content-type'], 'application/json')
    t.equal(g.headers['x-site-event'], 'contact.created')
  }
  const tampered = receiver.got[1]!.raw.replace('Grace Hopper', 'Mallory')
  t.notOk(verify(receiver.got[1]!.headers['x-site-signature'], tampered, SECRET), 'a changed body fails')
  t.match(JSON.parse(receiver.got[1]!.raw), {
    event: 'contact.created',
    id,
    created_at: String,
    language: 'en',
    source: 'form',
    consent_version: '2026-11',
    name: 'Grace Hopper',
    company: 'Navy',
    email: /@example\.com$/,
  })
  t.match(doc?.webhooks?.[0], { url: receiver.url, attempts: 2, lastStatus: 200, lastError: null })

  // The inbox shows it beside the mails; "send again" delivers it once more and is audited.
  const cookie = await h.adminCookie()
  const item = (await h.call('GET', `/api/contacts/${id}`, undefined, { cookie })).json()
  t.match(item.webhooks, [{ url: receiver.url, status: 'delivered', attempts: 2, lastStatus: 200 }])
  const again = await h.call('POST', `/api/contacts/${id}/webhooks/0/retry`, undefined, { cookie })
  t.equal(again.statusCode, 200)
  t.match(again.json().webhooks, [{ status: 'pending', attempts: 0 }])
  await h.until(
    () => h.contacts.findById(id).lean(),
    (d) => d?.webhooks?.[0]?.status === 'delivered',
  )
  t.equal(receiver.got.length, 3, 'delivered once more')
  t.equal(JSON.parse(receiver.got[2]!.raw).id, id)
  const records = await h.app.changes.log.model.find({ kind: 'contact', target_id: id }).lean()
  t.match(
    records.map((r) => [r.action, r.fields]),
    [['update', ['webhooks']]],
    'send again is in the audit trail',
  )
  t.equal(
    (await h.call('POST', `/api/contacts/${id}/webhooks/5/retry`, undefined, { cookie })).statusCode,
    404,
    'no such receiver',
  )
  t.equal((await h.call('POST', `/api/contacts/${id}/webhooks/0/retry`)).statusCode, 401, 'admins only')
})

t.test('retries run out: the delivery is failed and says why', async (t) => {
  const receiver = await startReceiver([503, 503, 503])
  const smtp = await startSmtp()
  const h = contactTools(
    await testApp(
      contact('chookfail', {
        smtpUrl: smtp.url,
        env: {
          CONTACT_WEBHOOK_URLS: receiver.url,
          CONTACT_WEBHOOK_SECRET: SECRET,
          WEBHOOK_ATTEMPTS: '2',
          WEBHOOK_BACKOFF_MS: '50',
        },
      }),
    ),
  )
  t.teardown(async () => {
    await h.close()
    await smtp.stop()
    await receiver.stop()
  })
  await h.startWorker()
  const id = (await h.submit(request())).json().id as string
  const doc = await h.until(
    () => h.contacts.findById(id).lean(),
    (d) => d?.webhooks?.[0]?.status === 'failed',
  )
  t.match(doc?.webhooks?.[0], { attempts: 2, lastStatus: 503, lastError: 'HTTP 503' })
  t.equal(receiver.got.length, 2)
})

t.test('a worker without the secret sends nothing unsigned: the delivery fails and says why', async (t) => {
  const receiver = await startReceiver([200])
  const h = contactTools(
    await testApp(
      contact('chooknokey', {
        env: { CONTACT_WEBHOOK_URLS: receiver.url, CONTACT_WEBHOOK_SECRET: SECRET },
      }),
    ),
  )
  t.teardown(async () => {
    await h.close()
    await receiver.stop()
  })
  // Stored while a receiver was configured; the worker now runs without URLs and secret.
  const id = (await h.submit(request())).json().id as string
  const deps = { contacts: h.contacts, secret: undefined, timeoutMs: 2000, log: silentLog }
  const result = await processWebhook({ contactId: id, index: 0 }, { number: 1, max: 10 }, deps)
  t.same(result, { outcome: 'unsigned' })
  t.equal(receiver.got.length, 0, 'the receiver got nothing')
  const doc = await h.contacts.findById(id).lean()
  t.match(doc?.webhooks?.[0], { status: 'failed', attempts: 0, lastError: /CONTACT_WEBHOOK_SECRET/ })
})

t.test('queueing gives up while Redis has never been reachable (send again answers 503)', async (t) => {
  // Nothing listens on port 1: BullMQ would wait for the connection's first "ready" forever.
  const settings = { redisUrl: 'redis://127.0.0.1:1', prefix: 'chookdown' }
  const q = createWebhookQueue({ ...settings, WEBHOOK_ATTEMPTS: 1, WEBHOOK_BACKOFF_MS: 1 })
  t.teardown(() => q.close())
  const pending: WebhookDelivery = {
    url: 'http://127.0.0.1:1/hook',
    status: 'pending',
    attempts: 0,
    deliveredAt: null,
    lastStatus: null,
    lastError: null,
    round: 1,
  }
  await t.rejects(q.enqueue('0123456789abcdef01234567', [pending]), 'rejected, not left waiting')
})

t.test('webhook receivers without a secret are refused at start', async (t) => {
  const { readConfig } = await import('../src/config.js')
  t.throws(
    () =>
      readConfig({
        MONGO_URL: 'mongodb://x',
        REDIS_URL: 'redis://x',
        SESSION_SECRET: 'x'.repeat(40),
        CONTACT_WEBHOOK_URLS: 'https://example.com/hook',
      }),
    /CONTACT_WEBHOOK_SECRET/,
  )
})
