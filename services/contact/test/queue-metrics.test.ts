// @tier stack
// The contact worker's own metrics server: the real `dist/worker.js` process on
// the real Redis and SMTP; requests submitted through the API are mailed, and its /metrics shows
// the contact-notify queue's counts and job histograms.
import t from 'tap'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { testApp, freePort, scrape, waitForPort } from '@site/service-kit/testing'
import { contact, contactTools, request } from './helpers/harness.js'
import { startSmtp } from './helpers/smtp.js'

const smtp = await startSmtp()
const h = contactTools(await testApp(contact('cqmetrics', { smtpUrl: smtp.url })))
const port = await freePort()
const worker = spawn(process.execPath, [fileURLToPath(new URL('../dist/worker.js', import.meta.url))], {
  env: { ...process.env, ...h.env, WORKER_PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
t.teardown(async () => {
  worker.kill('SIGTERM')
  await new Promise((r) => worker.once('exit', r))
  await h.close()
  await smtp.stop()
})
await waitForPort(port, 30000)
const metrics = () => scrape(`http://127.0.0.1:${port}/metrics`)
const queue = 'contact-notify'

t.test('two requests mailed: two completed jobs of one attempt, nothing waiting', async (t) => {
  for (let i = 0; i < 2; i++) t.equal((await h.submit(request())).statusCode, 201)
  await smtp.waitFor(4)
  // The counts come from Redis; the histograms from the worker's own 'completed' events, which
  // can arrive a moment after Redis has moved the job: wait until both show the two jobs.
  let m = await metrics()
  while (
    m.value('bullmq_job_count', { queue, state: 'completed' }) !== 2 ||
    m.value('bullmq_job_duration_seconds_count', { queue, outcome: 'completed' }) !== 2
  ) {
    await new Promise((r) => setTimeout(r, 100))
    m = await metrics()
  }
  for (const state of ['waiting', 'active', 'delayed', 'failed'])
    t.equal(m.value('bullmq_job_count', { queue, state }), 0, `${state}: 0`)
  t.equal(m.value('bullmq_job_attempts_count', { queue, outcome: 'completed' }), 2)
  t.equal(m.value('bullmq_job_attempts_sum', { queue, outcome: 'completed' }), 2)
  t.equal(m.value('bullmq_job_duration_seconds_count', { queue, outcome: 'completed' }), 2)
  t.equal(m.value('bullmq_job_stalled_total', { queue }), 0)
  t.equal(
    m.value('contact_mails_total', { kind: 'team', outcome: 'sent' }),
    2,
    "the worker's own counters are still there",
  )
})
