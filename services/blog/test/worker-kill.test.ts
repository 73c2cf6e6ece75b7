// @tier services
import t from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort, scrape } from '@site/service-kit/testing'
import { QUEUES } from '@site/contracts'
import { createQueue } from '@site/service-kit/queues'
import { postModel } from '../src/models/post.js'
import { blogApp, multipart, startFakeLlm, translatorReply } from './helpers.js'

// The worker as its own process (src/worker.ts), killed with SIGKILL in the middle of a job.
let firstHtml: () => void
const reachedModel = new Promise<void>((resolve) => (firstHtml = resolve))
let hang = true
const llm = await startFakeLlm((call) => {
  if (hang && call.user.includes('{"html"')) {
    firstHtml()
    return { hang: true }
  }
  return translatorReply(call)
})
const s = await blogApp({ ...llm.env, BLOG_UPLOAD_WAIT_MS: '1' })
const children: ChildProcess[] = []
t.teardown(async () => {
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) {
      const exited = new Promise((r) => c.once('exit', r))
      c.kill('SIGTERM')
      await exited
    }
  }
  await s.close()
  await llm.close()
})

const root = fileURLToPath(new URL('../../../', import.meta.url))
async function spawnWorker() {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--conditions=site-source', '--import', 'tsx', 'services/blog/src/worker.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        ...s.env,
        ...llm.env,
        WORKER_PORT: String(port),
        // Short, so the killed job is taken up again soon; not so short that the restarted
        // worker, loading its lazy modules from source on a loaded machine, loses its own lock
        // (at 2 s the job once stalled a second time: bullmq_job_stalled_total 2).
        BLOG_WORKER_LOCK_MS: '5000',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  children.push(child)
  return Object.assign(child, { metricsUrl: `http://127.0.0.1:${port}/metrics` })
}

const status = async (id: string) =>
  (await s.app.inject({ url: `/api/blog/jobs/${id}`, headers: s.admin })).json()

t.test('SIGKILL mid-job, restart: the job is taken up again and exactly one post exists', async (t) => {
  const body = multipart(
    { sourceLanguage: 'nl' },
    {
      name: 'kill.txt',
      data: Buffer.from('Werk dat doorgaat\n\nDeze import overleeft een gestopte worker.'),
    },
  )
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/blog/upload',
    headers: { ...s.admin, ...body.headers },
    payload: body.payload,
  })
  t.equal(res.statusCode, 202)
  const { jobId } = res.json()

  const first = await spawnWorker()
  await reachedModel
  t.match(
    await status(jobId),
    { state: 'active', stage: 'translate' },
    'the job is in the middle of translating',
  )
  const killed = new Promise((r) => first.once('exit', r))
  first.kill('SIGKILL')
  await killed

  hang = false
  const callsBeforeRestart = llm.calls.length
  const second = await spawnWorker()
  let st
  for (let i = 0; i < 300; i++) {
    st = await status(jobId)
    if (st.state === 'completed' || st.state === 'failed') break
    await new Promise((r) => setTimeout(r, 100))
  }
  t.match(st, { state: 'completed', progress: 100 })
  t.match(st.result.blogPost, { title_nl: 'Werk dat doorgaat', title_en: '[EN] Werk dat doorgaat' })
  t.equal(await postModel(s.app.db).countDocuments({}), 1, 'exactly one post')
  const after = llm.calls.slice(callsBeforeRestart)
  t.notOk(
    after.some((c) => c.user.includes('{"title"')),
    'resumed: the title translation done before the kill was not asked again',
  )
  t.ok(
    after.some((c) => c.user.includes('{"html"')),
    'the unfinished body translation was',
  )

  // The restarted worker's /metrics: the killed job counted as stalled, then completed.
  // The histograms follow the worker's own 'completed' event, a moment after the status shows it.
  const queueName = QUEUES.blogImport
  let m = await scrape(second.metricsUrl)
  for (
    let i = 0;
    i < 100 && m.value('bullmq_job_attempts_count', { queue: queueName, outcome: 'completed' }) !== 1;
    i++
  ) {
    await new Promise((r) => setTimeout(r, 100))
    m = await scrape(second.metricsUrl)
  }
  t.equal(
    m.value('bullmq_job_stalled_total', { queue: queueName }),
    1,
    'the job whose worker died counted as stalled',
  )
  t.equal(m.value('bullmq_job_count', { queue: queueName, state: 'completed' }), 1)
  t.equal(m.value('bullmq_job_count', { queue: queueName, state: 'active' }), 0)
  t.equal(m.value('bullmq_job_attempts_count', { queue: queueName, outcome: 'completed' }), 1)
  t.equal(m.sum('blog_imports_total'), 1, "the worker's own import counter is still there")

  // A replay of the same upload (a duplicate delivery) finds the post instead of making another.
  const { queue, close } = createQueue(QUEUES.blogImport, {
    redisUrl: s.env.REDIS_URL!,
    prefix: s.env.QUEUE_PREFIX!,
  })
  t.teardown(close)
  const uploadId = String(jobId).replace(/^import-/, '')
  await queue.waitUntilReady()
  const replay = await queue.add('import', { uploadId }, { jobId: 'replay-1' })
  for (let i = 0; i < 300 && !['completed', 'failed'].includes(await replay.getState()); i++)
    await new Promise((r) => setTimeout(r, 100))
  const done = await queue.getJob('replay-1')
  t.equal(done?.returnvalue?.translation, 'replayed')
  t.equal(await postModel(s.app.db).countDocuments({}), 1, 'still one post')
})
