// @tier services
import t from 'tap'
import mongoose from 'mongoose'
import { testApp, startRedisServer } from '@site/service-kit/testing'
import { contact, contactTools, request } from './helpers/harness.js'
import { startSmtp } from './helpers/smtp.js'

t.test('Redis stopped during submits: 201, stored, and mailed once Redis is back', async (t) => {
  const redis = await startRedisServer()
  const smtp = await startSmtp()
  const h = contactTools(
    await testApp(contact('coutage', { smtpUrl: smtp.url, env: { REDIS_URL: redis.url } })),
  )
  t.teardown(async () => {
    await h.close()
    await smtp.stop()
    await redis.close()
  })
  await h.startWorker()
  const before = (await h.submit(request())).json().id as string
  await smtp.waitFor(2)

  await redis.stop()
  const ids: string[] = []
  for (let i = 0; i < 3; i++) {
    const res = await h.submit(request())
    t.equal(res.statusCode, 201, 'accepted while Redis is down')
    ids.push(res.json().id)
  }
  const dup = await h.submit(
    request({ name: 'Same Person', email: 'same@example.com', message: 'same text' }),
  )
  const dup2 = await h.submit(
    request({ name: 'Same Person', email: 'same@example.com', message: 'same text' }),
  )
  t.equal(dup2.json().id, dup.json().id, 'duplicates still collapse without Redis (the database decides)')
  ids.push(dup.json().id)
  for (const id of ids) {
    const doc = await h.contacts.findById(id).lean()
    t.equal(doc?.notification?.status, 'pending', 'stored as pending')
  }
  t.equal(smtp.mails.length, 2, 'nothing mailed while Redis is down')

  await redis.start()
  await smtp.waitFor(2 + ids.length * 2)
  for (const id of ids)
    await h.until(
      () => h.contacts.findById(id).lean(),
      (d) => d?.notification?.status === 'sent',
    )
  await new Promise((r) => setTimeout(r, 1000))
  t.equal(smtp.mails.length, 2 + ids.length * 2, 'every request mailed exactly once')
  t.not(before, ids[0])
})

t.test('the database down during a submit: 503, so the visitor sees the error and can resend', async (t) => {
  const h = contactTools(await testApp(contact('cdbdown')))
  const dbName = h.app.db.name
  t.teardown(async () => {
    // The app's own connection is closed on purpose; drop the test database through a new one.
    const conn = await mongoose.createConnection(h.config.MONGO_URL, { dbName }).asPromise()
    await conn.dropDatabase()
    await conn.close()
    await h.close()
  })
  await h.app.db.close()
  const res = await h.submit(request())
  t.equal(res.statusCode, 503)
  t.match(res.json(), { statusCode: 503, code: 'UNAVAILABLE' })
})
