// @tier services
// The admin's imports list and Retry (docs/blog-import.md, "The imports list") with a real BullMQ
// worker. The worker reaches MongoDB through a TCP relay the test can cut: "the database away" is
// the import failure a Retry exists for (the model's failures end in an offline post instead).
import t from 'tap'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { freePort } from '@site/service-kit/testing'
import { sweepImports, IMPORTS_KEEP_MS } from '../src/imports/repo.js'
import { uploadStored } from '../src/models/upload.js'
import { importModel } from '../src/models/import.js'
import { blogApp, multipart, startFakeLlm, translatorReply } from './helpers.js'
import { corruptDocx } from './fixtures.js'

/** A relay in front of MongoDB: cut() drops its connections and refuses new ones, open() lets them in. */
async function startRelay(target: URL) {
  const port = await freePort()
  const sockets = new Set<Socket>()
  let server: Server | undefined
  const track = (s: Socket) => {
    sockets.add(s)
    s.on('error', () => s.destroy())
    s.on('close', () => sockets.delete(s))
  }
  const open = () =>
    new Promise<void>((resolve) => {
      if (server?.listening) return resolve()
      server = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname)
        track(client)
        track(upstream)
        client.pipe(upstream).on('close', () => client.destroy())
        upstream.pipe(client).on('close', () => upstream.destroy())
      })
      server.listen(port, '127.0.0.1', () => resolve())
    })
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy()
      if (!server?.listening) return resolve()
      server.close(() => resolve())
    })
  await open()
  return { url: `mongodb://127.0.0.1:${port}/?directConnection=true`, open, cut }
}

// The model answers at once unless held: then the body's translation waits (the job stays "translate").
let held: { reached: () => void; go: Promise<void> } | null = null
const llm = await startFakeLlm(async (call) => {
  if (held && call.user.includes('{"html"')) {
    held.reached()
    await held.go
  }
  return translatorReply(call)
})
const s = await blogApp({ ...llm.env, BLOG_UPLOAD_WAIT_MS: '1', BLOG_IMPORT_ATTEMPTS: '2' })
const relay = await startRelay(new URL(s.env.MONGO_URL!))
await s.startWorker({ MONGO_URL: relay.url })
t.teardown(async () => {
  await relay.open()
  await s.close()
  await relay.cut()
  await llm.close()
})

/** Holds the model's next body translation; `reached` resolves once the job waits on it. */
function hold() {
  let release!: () => void
  let reached!: () => void
  const go = new Promise<void>((r) => (release = r))
  const at = new Promise<void>((r) => (reached = r))
  held = { reached, go }
  return {
    reached: at,
    release() {
      held = null
      release()
    },
  }
}

const upload = (name: string, data: Buffer, fields: Record<string, string> = {}) => {
  const body = multipart(fields, { name, data })
  return s.app.inject({
    method: 'POST',
    url: '/api/blog/upload',
    headers: { ...s.admin, ...body.headers },
    payload: body.payload,
  })
}
const list = async (query = '') => {
  const res = await s.app.inject({ url: `/api/blog/imports${query}`, headers: s.admin })
  t.equal(res.statusCode, 200, `GET /api/blog/imports${query}`)
  return res
}
interface Item {
  id: string
  filename: string
  author: string
  created_at: string
  state: string
  stage: string
  progress: number
  attempts: number
  error?: string
  post: { id: string; slug: string; title_nl: string; published: boolean } | null
}
const item = async (id: string) =>
  ((await list('?pageSize=50')).json().items as Item[]).find((i) => i.id === id)
/** Waits (polling the list, as the admin's screen does) until the import satisfies `ok`. */
async function until(id: string, ok: (i: Item) => boolean, what: string): Promise<Item> {
  let last: Item | undefined
  for (let n = 0; n < 600; n++) {
    last = await item(id)
    if (last && ok(last)) return last
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`import ${id} never became ${what}; last seen ${JSON.stringify(last)}`)
}
const retry = (id: string, headers: Record<string, string> = s.admin) =>
  s.app.inject({ method: 'POST', url: `/api/blog/imports/${encodeURIComponent(id)}/retry`, headers })

t.test(
  'the list shows a running import with its file, author, stage and progress, then its post',
  async (t) => {
    const model = hold()
    const res = await upload(
      'notities.txt',
      Buffer.from('Lijst van imports\n\nWij volgen elke import tot het einde.'),
    )
    t.equal(res.statusCode, 202, 'still running after the bounded wait')
    const { jobId } = res.json()
    await model.reached
    const running = await until(jobId, (i) => i.state === 'active' && i.stage === 'translate', 'translating')
    t.match(running, { filename: 'notities.txt', author: 'editor', attempts: 0, post: null })
    t.ok(running.progress >= 35 && running.progress < 85, `translate progress ${running.progress}`)
    t.ok(Date.now() - Date.parse(running.created_at) < 60_000, 'created_at is when it was uploaded')
    t.notOk('error' in running, 'no error while running')

    const busy = await retry(jobId)
    t.equal(busy.statusCode, 409, 'a running import cannot be retried')
    t.match(busy.json(), { code: 'IMPORT_NOT_FAILED', message: /still running/ })

    model.release()
    const done = await until(jobId, (i) => i.state === 'completed', 'completed')
    t.match(done, { stage: 'done', progress: 100, post: { title_nl: 'Lijst van imports', published: false } })
    t.equal(done.post!.slug, 'lijst-van-imports')

    const again = await retry(jobId)
    t.equal(again.statusCode, 409, 'a finished import cannot be retried')
    t.match(again.json(), { code: 'IMPORT_NOT_FAILED', message: /has finished/ })

    const page = await list('?page=1&pageSize=1')
    t.equal(page.headers['cache-control'], 'private, no-store')
    t.match(page.json(), { page: 1, pageSize: 1, total: 1 })
    t.equal((await s.app.inject({ url: '/api/blog/imports?pageSize=51', headers: s.admin })).statusCode, 400)
  },
)

t.test('an import that failed while the database was away is retried and succeeds, once', async (t) => {
  await relay.cut()
  const res = await upload(
    'storing.md',
    Buffer.from('# Na de storing\n\nDeze import lukt pas bij de tweede keer.'),
  )
  t.equal(res.statusCode, 202)
  const { jobId } = res.json()
  const failed = await until(jobId, (i) => i.state === 'failed', 'failed')
  t.match(failed, {
    filename: 'storing.md',
    error: 'The file could not be imported right now. Please try again later.',
    attempts: 2,
    post: null,
  })

  await relay.open()
  // Two Retries at once (a double click): the job runs again once.
  const answers = await Promise.all([retry(jobId), retry(jobId)])
  t.same(answers.map((a) => a.statusCode).sort(), [202, 409], 'one retry wins, the other is a 409')
  const accepted = answers.find((a) => a.statusCode === 202)!.json()
  t.match(accepted, { id: jobId, filename: 'storing.md', post: null })
  t.match(accepted, { state: 'waiting', stage: 'queued', progress: 0, attempts: 0 }, 'answered as queued')
  t.notOk('error' in accepted, 'the old error is not shown')

  const done = await until(jobId, (i) => i.state === 'completed', 'completed')
  t.match(done, { stage: 'done', progress: 100, post: { title_nl: 'Na de storing' } })
  const posts = (await s.app.inject({ url: '/api/blog?q=storing', headers: s.admin })).json()
  t.equal(posts.total, 1, 'one post')
})

t.test('a corrupt .docx fails with its sentence and keeps its file, so Retry runs it again', async (t) => {
  const res = await upload('kapot.docx', await corruptDocx())
  const jobId = res.statusCode === 202 ? res.json().jobId : ((await list()).json().items as Item[])[0]!.id
  const failed = await until(jobId, (i) => i.state === 'failed', 'failed')
  t.match(failed, { filename: 'kapot.docx', error: /could not be read/, attempts: 1, post: null })
  const uploadId = jobId.replace(/^import-/, '')
  t.ok(await uploadStored(s.app.db, uploadId), 'the file is kept for a Retry')

  // The answer is the import as queued, though this file fails again at once (often before the
  // answer is written): the admin sees the retry happen.
  const retried = await retry(jobId)
  t.equal(retried.statusCode, 202)
  t.match(retried.json(), { state: 'waiting', stage: 'queued', progress: 0 }, 'answered as queued')
  t.notOk('error' in retried.json(), 'without the old error')
  const record = await s.app.changes.log.model
    .findOne({ kind: 'import', action: 'retry', target_id: jobId })
    .lean()
  t.match(
    record,
    { target_id: jobId, target_label: 'kapot.docx', actor_name: 'editor' },
    'in the audit trail (issue 45)',
  )
  const again = await until(jobId, (i) => i.state === 'failed', 'failed again')
  t.equal(again.error, failed.error, 'the same sentence: the file itself is broken')

  // After a week the record and the file it kept are swept.
  t.equal(await sweepImports(importModel(s.app.db), s.app.db, Date.now() + IMPORTS_KEEP_MS + 60_000), 3)
  t.equal((await list()).json().total, 0, 'the list is empty')
  t.notOk(await uploadStored(s.app.db, uploadId), 'the kept file is gone')
  t.equal((await retry(jobId)).statusCode, 404, 'a swept import is not found')
})

t.test('admin only: anonymous calls are 401', async (t) => {
  const anon = { 'x-requested-with': 'XMLHttpRequest' }
  const get = await s.app.inject({ url: '/api/blog/imports', headers: anon })
  t.equal(get.statusCode, 401)
  t.match(get.json(), { statusCode: 401, message: /.+/ })
  t.equal((await retry('import-x', anon)).statusCode, 401)
  t.equal((await retry('import-nothing')).statusCode, 404, 'an unknown import is a 404')
})
