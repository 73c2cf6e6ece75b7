// @tier stack
import t from 'tap'
import { createTestSession, startRedisServer } from '@site/service-kit/testing'
import { startStack } from '../../../scripts/lib/stack.mjs'
import { startSmtp } from './helpers/smtp.js'
import { fetchProof } from '../../../scripts/lib/altcha.mjs'

// Black box, as an operator sees it: the built service, worker and gateway as processes; Redis and
// the SMTP server stopped and started, the worker killed; then stored requests and received mails
// are counted. Nothing lost, nothing doubled.
t.test(
  'through the gateway: Redis down, SMTP down, worker killed → every request mailed exactly once',
  async (t) => {
    const redis = await startRedisServer()
    const smtp = await startSmtp()
    const stack = await startStack({
      only: ['contact', 'contact-worker', 'gateway'],
      env: {
        REDIS_URL: redis.url,
        SMTP_URL: smtp.url,
        TEAM_EMAIL: 'team@example.test',
        MAIL_FROM: 'Website <no-reply@example.test>',
        CONTACT_RATE_LIMIT: '100000',
        CONTACT_FORM_BUDGET: '100000',
        NOTIFY_BACKOFF_MS: '200',
        NOTIFY_BACKOFF_MAX_MS: '1000',
        NOTIFY_LOCK_MS: '3000',
        RELAY_INTERVAL_MS: '300',
        RELAY_MIN_AGE_MS: '500',
        SMTP_PROBE_INTERVAL_MS: '300',
      },
    })
    t.teardown(async () => {
      await stack.stop()
      await smtp.stop()
      await redis.close()
    })
    const ids = new Set<string>()
    let n = 0
    const submit = async () => {
      n++
      const res = await fetch(`${stack.url}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({
          name: `Visitor ${n}`,
          email: `v${n}@example.com`,
          message: `Request number ${n}`,
          language: ['nl', 'en', 'de'][n % 3],
          altcha: await fetchProof(stack.url),
        }),
      })
      t.equal(res.status, 201, `request ${n} answered 201`)
      ids.add(((await res.json()) as { id: string }).id)
    }
    const burst = async (count: number) => {
      for (let i = 0; i < count; i++) await submit()
    }

    await burst(4)
    await redis.stop()
    await burst(4)
    await redis.start()
    await smtp.stop()
    await burst(4)
    stack.supervisor.signal('contact-worker', 'SIGKILL') // restarted by the supervisor
    await burst(2)
    await smtp.start()
    await burst(4)

    await smtp.waitFor(ids.size * 2)
    const cookie = (
      await createTestSession({ REDIS_URL: redis.url, QUEUE_PREFIX: stack.env.QUEUE_PREFIX }, undefined, {
        secret: stack.env.SESSION_SECRET,
      })
    ).cookie
    let inbox: { total: number; items: { id: string; notification: { status: string } }[] } = {
      total: 0,
      items: [],
    }
    for (;;) {
      const res = await fetch(`${stack.url}/api/contacts?pageSize=50`, { headers: { cookie } })
      inbox = (await res.json()) as typeof inbox
      if (inbox.items.every((i) => i.notification.status === 'sent')) break
      await new Promise((r) => setTimeout(r, 200))
    }
    await new Promise((r) => setTimeout(r, 1500)) // a few more relay passes: nothing may be sent again
    t.equal(inbox.total, ids.size, `all ${ids.size} requests stored`)
    t.same(new Set(inbox.items.map((i) => i.id)), ids, 'the stored requests are the answered ones')
    t.equal(smtp.mails.length, ids.size * 2, 'two mails per request, none doubled')
    const messageIds = new Set(smtp.mails.map((m) => m.headers['message-id']))
    t.equal(messageIds.size, smtp.mails.length, 'every Message-ID once')
    for (const id of ids) {
      t.ok(
        messageIds.has(`<${id}.team@example.test>`) && messageIds.has(`<${id}.confirmation@example.test>`),
        `both mails of ${id}`,
      )
    }
  },
)
