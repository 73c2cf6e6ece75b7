// @tier services
// Issue 45: the queue board's buttons change data (a retried, removed or cleaned job), so each is
// in the audit trail with who pressed it, like every other admin write.
import t from 'tap'
import { Queue, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { QUEUES } from '@site/contracts'
import { blogApp } from './helpers.js'

const s = await blogApp()
t.teardown(() => s.close())
const connection = new Redis(s.env.REDIS_URL!, { maxRetriesPerRequest: null })
t.teardown(() => connection.disconnect())
const prefix = s.env.QUEUE_PREFIX!
// A queue no worker of this test app consumes: its jobs fail only by the worker below.
const name = QUEUES.contactNotify
const queue = new Queue(name, { connection, prefix })
t.teardown(() => queue.close())

const workerConnection = connection.duplicate()
t.teardown(() => workerConnection.disconnect())

async function failedJobs(n: number) {
  const jobs = await Promise.all(
    Array.from({ length: n }, (_, i) => queue.add('boom', { i }, { attempts: 1 })),
  )
  const worker = new Worker(
    name,
    async () => {
      throw new Error('boom')
    },
    { connection: workerConnection, prefix },
  )
  while ((await queue.getFailedCount()) < n) await new Promise((r) => setTimeout(r, 50))
  await worker.close()
  return jobs.map((j) => j.id!)
}

const board = (path: string) =>
  s.call('PUT', `/api/admin/queues/api/queues/${name}${path}`, undefined, s.admin)
const last = () => s.app.changes.log.model.findOne({ kind: 'queue' }).sort({ at: -1, _id: -1 }).lean()

t.test('retry, remove and clean on the queue board are recorded', async (t) => {
  const [first, second] = await failedJobs(3)
  const retry = await board(`/${first}/retry`)
  t.equal(retry.statusCode, 204, retry.body)
  t.match(await last(), {
    action: 'retry',
    target_id: first,
    target_label: `${name} job ${first}`,
    actor_name: 'editor',
  })

  const remove = await board(`/${second}/clean`)
  t.equal(remove.statusCode, 204, remove.body)
  t.match(await last(), { action: 'remove', target_id: second, actor_name: 'editor' })

  const clean = await board('/clean/failed')
  t.equal(clean.statusCode, 200, clean.body)
  t.match(await last(), { action: 'clean', target_id: name, target_label: name, actor_name: 'editor' })
  t.equal(await s.app.changes.log.model.countDocuments({ kind: 'queue' }), 3, 'one entry per press')
})
