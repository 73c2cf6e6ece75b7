// @tier services
// Every query the contact service's admin saves and timers send is served by an index and listed in
// docs/queries.md (docs/design.md, "Hot queries and their indexes"), with 3,000 requests kept: the
// relay (every 5 s) reads only its backlog, found by the `notifyPending` mark.
import t from 'tap'
import mongoose, { Types } from 'mongoose'
import { silentLog } from '@site/service-kit'
import { holdQueries, queryRecorder, testApp } from '@site/service-kit/testing'
import { contact, contactTools, request } from './helpers/harness.js'
import { relayPass } from '../src/jobs/relay.js'
import { createNotifyQueue } from '../src/lib/notify-queue.js'
import { readWorkerConfig } from '../src/config.js'

const REQUESTS = 3000
const BOUND = 100
const h = contactTools(await testApp(contact('chot')))
t.teardown(() => h.close())
const worker = readWorkerConfig(h.env)
const notify = createNotifyQueue({ ...worker, redisUrl: worker.REDIS_URL, prefix: worker.QUEUE_PREFIX })
t.teardown(() => notify.close())

const long = new Date(Date.now() - 86400_000)
const doc = (i: number, status: string) => ({
  _id: new Types.ObjectId(),
  name: `Visitor ${i}`,
  email: `v${i}@example.com`,
  message: 'Hello',
  createdAt: long,
  dedupeKey: `k${i}`,
  dedupeSlot: i,
  notification: { status },
})
// Requests kept before the mark existed: all mailed but two, which are still pending.
const old = Array.from({ length: REQUESTS }, (_, i) => doc(i, i < 2 ? 'pending' : 'sent'))
for (let i = 0; i < old.length; i += 500)
  await h.contacts.collection.insertMany(old.slice(i, i + 500) as never)
const relay = { contacts: h.contacts, notify, minAgeMs: 0, log: silentLog }
// The first pass marks what was pending before the mark existed: once, reading the collection whole.
const firstPass = await relayPass(relay)

const { captured, during } = queryRecorder(mongoose)
const admin = { cookie: h.admin.cookie }
const submitted = (await h.submit(request())).json().id as string
await h.contacts.updateOne({ _id: old[5]!._id }, { $set: { 'notification.status': 'failed' } })
await during('admin save', async () => {
  await h.call('PATCH', `/api/contacts/${submitted}`, { handled: true }, admin)
  await h.call('POST', `/api/contacts/${old[5]!._id}/retry`, undefined, admin)
  await h.call('DELETE', `/api/contacts/${old[6]!._id}`, undefined, admin)
  await h.call('GET', `/api/contacts/${submitted}`, undefined, admin)
})
await during('timers', () => relayPass(relay))

t.test('the relay reads only its backlog', async (t) => {
  t.equal(firstPass, 2, 'the old pending requests are found (and queued) once marked')
  const marked = await h.contacts.countDocuments({ notifyPending: true })
  const pending = await h.contacts.countDocuments({ 'notification.status': 'pending' })
  t.equal(marked, pending, 'every pending request carries the mark, and only those')
  t.ok(pending >= 3 && pending < 10, `${pending} pending of ${REQUESTS}`)
})

holdQueries(t, h.app.db, captured, { bound: BOUND, size: REQUESTS })
