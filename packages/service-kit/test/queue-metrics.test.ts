// @tier services
// Queue metrics: a real BullMQ worker on the real Redis, run by runWorkerProcess
// as every worker.ts runs it, and its /metrics scraped over HTTP. The processor holds jobs until the
// test lets them go, so waiting and active have known values at the moment of the scrape.
import t from 'tap'
import type { Job } from 'bullmq'
import { runWorkerProcess, type Closable } from '../src/index.js'
import { createQueue, createWorker, instrumentQueue, UnrecoverableError } from '../src/queues/index.js'
import { freePort, scrape, testEnv } from '../src/testing/index.js'

interface Data {
  mode: 'hold' | 'fail' | 'retry'
}

const env = testEnv('qmetrics')
const settings = { redisUrl: env.REDIS_URL!, prefix: env.QUEUE_PREFIX! }
const QUEUE = 'metrics-demo'

let release!: () => void
const held = new Promise<void>((r) => (release = r))
async function processor(job: Job<Data>) {
  if (job.data.mode === 'hold') await held
  if (job.data.mode === 'fail') throw new UnrecoverableError('cannot be done')
  if (job.data.mode === 'retry' && job.attemptsMade < 2) throw new Error('try again')
  return 'ok'
}

const port = await freePort()
const closables: Closable[] = []
const app = await runWorkerProcess({
  name: 'metrics-demo-worker',
  logLevel: 'silent',
  port,
  host: '127.0.0.1',
  start: async ({ metrics }) => {
    const w = createWorker<Data>(QUEUE, processor, settings, { concurrency: 2 })
    closables.push(instrumentQueue({ registry: metrics, name: QUEUE, settings, worker: w.worker }), w)
    return closables
  },
})
const producer = createQueue<Data>(QUEUE, settings, { attempts: 3, backoff: { type: 'fixed', delay: 10 } })
t.teardown(async () => {
  release()
  for (const c of closables) await c.close()
  await producer.queue.obliterate({ force: true }).catch(() => undefined)
  await producer.close()
  await app.close()
})

const metricsUrl = `http://127.0.0.1:${port}/metrics`
const jobs = (state: string) => async () =>
  (await scrape(metricsUrl)).value('bullmq_job_count', { queue: QUEUE, state })
async function until(read: () => Promise<number | undefined>, want: number) {
  for (;;) {
    const v = await read()
    if (v === want) return v
    await new Promise((r) => setTimeout(r, 100))
  }
}

t.test('waiting, active and delayed while the worker is busy', async (t) => {
  for (let i = 0; i < 5; i++) await producer.queue.add('hold', { mode: 'hold' })
  await producer.queue.add('later', { mode: 'hold' }, { delay: 3600_000 })
  await until(jobs('active'), 2)
  const m = await scrape(metricsUrl)
  t.equal(m.value('bullmq_job_count', { queue: QUEUE, state: 'active' }), 2, 'concurrency 2: two active')
  t.equal(m.value('bullmq_job_count', { queue: QUEUE, state: 'waiting' }), 3, 'the rest waits')
  t.equal(m.value('bullmq_job_count', { queue: QUEUE, state: 'delayed' }), 1)
  t.equal(m.value('bullmq_job_count', { queue: QUEUE, state: 'completed' }), 0)
  t.equal(m.value('bullmq_job_count', { queue: QUEUE, state: 'failed' }), 0)
  t.equal(
    m.value('bullmq_job_stalled_total', { queue: QUEUE }),
    0,
    'the stalled counter exists from the start',
  )
})

t.test('completed jobs: counted, with one attempt each and a duration', async (t) => {
  release()
  await until(jobs('completed'), 5)
  const m = await scrape(metricsUrl)
  t.equal(m.value('bullmq_job_count', { queue: QUEUE, state: 'waiting' }), 0)
  t.equal(m.value('bullmq_job_count', { queue: QUEUE, state: 'active' }), 0)
  t.equal(m.value('bullmq_job_attempts_count', { queue: QUEUE, outcome: 'completed' }), 5)
  t.equal(m.value('bullmq_job_attempts_sum', { queue: QUEUE, outcome: 'completed' }), 5, 'one attempt each')
  t.equal(m.value('bullmq_job_duration_seconds_count', { queue: QUEUE, outcome: 'completed' }), 5)
  t.equal(
    m.value('bullmq_job_duration_seconds_bucket', { queue: QUEUE, outcome: 'completed', le: '+Inf' }),
    5,
  )
})

t.test('a failing job and a job that needed retries', async (t) => {
  await producer.queue.add('fail', { mode: 'fail' })
  await producer.queue.add('retry', { mode: 'retry' })
  await until(jobs('failed'), 1)
  await until(jobs('completed'), 6)
  const m = await scrape(metricsUrl)
  t.equal(m.value('bullmq_job_attempts_count', { queue: QUEUE, outcome: 'failed' }), 1)
  t.equal(
    m.value('bullmq_job_attempts_sum', { queue: QUEUE, outcome: 'failed' }),
    1,
    'unrecoverable: given up after one attempt',
  )
  t.equal(
    m.value('bullmq_job_attempts_sum', { queue: QUEUE, outcome: 'completed' }),
    5 + 3,
    'the retried job took three attempts',
  )
  t.equal(
    m.value('bullmq_job_attempts_bucket', { queue: QUEUE, outcome: 'completed', le: '2' }),
    5,
    'five took at most two',
  )
  t.equal(
    m.value('bullmq_job_duration_seconds_count', { queue: QUEUE, outcome: 'retried' }),
    2,
    'two attempts were retried',
  )
  t.equal(m.value('bullmq_job_duration_seconds_count', { queue: QUEUE, outcome: 'failed' }), 1)
})
