// Blog import cost for a 1,000-paragraph .docx (offline path, no LLM):
//   mammoth alone (convertToHtml on the buffer), the other in-process steps of the job (zip inflate
//   check, sanitize), and the whole round trip: POST /api/blog/upload to the blog service process →
//   BullMQ → the blog worker process → post saved → 200 answer.
// Prints JSON (median/min/max ms per measure) and writes bench/results/blog.json.
// Usage: node bench/blog/run.mjs [--runs 5] [--paragraphs 1000]   (after `npm run build` / tsc -b)
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { performance } from 'node:perf_hooks'
import mammoth from 'mammoth'
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx'
import { ensureInfra, freePort, waitForPort, root, stopChild } from '../../scripts/lib/infra.mjs'
import { createTestSession } from '../../packages/service-kit/dist/testing/index.js'
import { inspectDocx } from '../../services/blog/dist/lib/filecheck.js'
import { sanitizePostHtml } from '../../services/blog/dist/lib/sanitize.js'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, paragraphs: { type: 'string', default: '1000' } },
})
const runs = Number(values.runs)
const paragraphs = Number(values.paragraphs)

/** A document like a long real article: a heading every 20 paragraphs, sentences of ~40 words. */
function makeDocx(seed) {
  const children = [new Paragraph({ text: `Benchmark artikel ${seed}`, heading: HeadingLevel.HEADING_1 })]
  for (let i = 0; i < paragraphs; i++) {
    if (i % 20 === 0)
      children.push(new Paragraph({ text: `Hoofdstuk ${i / 20 + 1}`, heading: HeadingLevel.HEADING_2 }))
    children.push(
      new Paragraph({
        children: [
          new TextRun({ text: `Alinea ${i + 1} (${seed}). `, bold: true }),
          new TextRun(
            'Wij automatiseren processen voor marketingteams en startups zonder eigen ontwikkelaars, van idee tot prototype in enkele dagen, met transparante prijzen en volledige eigendom van de code. ',
          ),
        ],
      }),
    )
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }))
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const r = (v) => Math.round(v * 10) / 10
  return { median: r(s[Math.floor(s.length / 2)]), min: r(s[0]), max: r(s.at(-1)), runs: s.length }
}
async function time(fn) {
  const t0 = performance.now()
  const out = await fn()
  return [performance.now() - t0, out]
}

const log = (m) => process.stderr.write(`${m}\n`)
const docs = []
for (let i = 0; i <= runs; i++) docs.push(await makeDocx(`${Date.now()}-${i}`))
log(`generated ${docs.length} documents of ${paragraphs} paragraphs (${docs[0].length} bytes each)`)

// 1. The steps in this process.
const mammothMs = []
const inflateMs = []
const sanitizeMs = []
let htmlBytes = 0
for (const [i, doc] of docs.entries()) {
  const [mi] = await time(() => inspectDocx(doc, true))
  const [mm, result] = await time(() => mammoth.convertToHtml({ buffer: doc }))
  const [ms] = await time(() => sanitizePostHtml(result.value))
  htmlBytes = result.value.length
  if (i === 0) continue // warm-up
  inflateMs.push(mi)
  mammothMs.push(mm)
  sanitizeMs.push(ms)
}

// 2. The round trip through the two processes.
const infra = await ensureInfra({ name: 'bench', log })
const children = []
const upload = []
const stageTimings = []
try {
  const port = await freePort()
  const workerPort = await freePort()
  const env = {
    ...process.env,
    LOG_LEVEL: 'warn',
    MONGO_URL: infra.mongoUrl,
    REDIS_URL: infra.redisUrl,
    MONGO_DB: `bench_blog_${process.pid}`,
    QUEUE_PREFIX: `bench_${process.pid}`,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    OPENAI_API_KEY: '',
    BLOG_UPLOAD_WAIT_MS: '120000',
  }
  const start = (file, extra) => {
    const c = spawn(process.execPath, [file], {
      cwd: join(root, 'services/blog'),
      env: { ...env, ...extra },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    children.push(c)
    return c
  }
  start('dist/server.js', { PORT: String(port) }).stdout.resume()
  // The worker logs each import's time per stage; collect them for the breakdown.
  const worker = start('dist/worker.js', { WORKER_PORT: String(workerPort), LOG_LEVEL: 'info' })
  let buffered = ''
  worker.stdout.on('data', (chunk) => {
    buffered += chunk
    const lines = buffered.split('\n')
    buffered = lines.pop()
    for (const line of lines) {
      try {
        const entry = JSON.parse(line)
        if (entry.msg === 'blog import saved') stageTimings.push(entry.timings)
      } catch {
        // not a log line
      }
    }
  })
  await waitForPort(port, 'blog', 30000)
  await waitForPort(workerPort, 'blog-worker', 30000)
  const session = await createTestSession(
    { REDIS_URL: infra.redisUrl, QUEUE_PREFIX: env.QUEUE_PREFIX },
    undefined,
    { secret: env.SESSION_SECRET },
  )
  for (const [i, doc] of docs.entries()) {
    const form = new FormData()
    form.set(
      'file',
      new Blob([doc], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
      `bench-${i}.docx`,
    )
    const [ms, res] = await time(() =>
      fetch(`http://127.0.0.1:${port}/api/blog/upload`, {
        method: 'POST',
        body: form,
        headers: { cookie: session.cookie, 'x-requested-with': 'XMLHttpRequest' },
      }),
    )
    const body = await res.json()
    if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`)
    if (i > 0) upload.push(ms)
    else
      log(
        `warm-up upload saved post "${body.blogPost.title_nl}" with ${body.blogPost.content_nl.length} characters of HTML, tags ${body.aiGenerated.tags}`,
      )
  }
  // Clean the bench database and queue keys.
  const { default: mongoose } = await import('mongoose')
  const conn = await mongoose.createConnection(infra.mongoUrl, { dbName: env.MONGO_DB }).asPromise()
  await conn.dropDatabase()
  await conn.close()
} finally {
  for (const c of children.reverse()) await stopChild(c)
  await infra.stop()
}

const result = {
  bench: 'blog-import-docx',
  when: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    loadavg1: Math.round(loadavg()[0] * 100) / 100,
    node: process.version,
    mongo: infra.mongoKind,
    redis: infra.redisKind,
  },
  document: { paragraphs, bytes: docs[0].length, htmlBytes },
  ms: {
    mammothConvertToHtml: stats(mammothMs),
    zipInflateCheck: stats(inflateMs),
    sanitize: stats(sanitizeMs),
    uploadToSavedPost: stats(upload),
  },
  // Inside the worker, per stage (load: find + GridFS read; extract: zip inflate check + mammoth;
  // sanitize: sanitize + title/excerpt; translate: offline copy + keywords; save: insert + cleanup).
  workerStagesMs: Object.fromEntries(
    ['load', 'extract', 'sanitize', 'translate', 'save'].map((k) => [
      k,
      stats(stageTimings.slice(1).map((t) => t[k] ?? 0)),
    ]),
  ),
}
result.ratio =
  Math.round((result.ms.uploadToSavedPost.median / result.ms.mammothConvertToHtml.median) * 100) / 100
mkdirSync(join(root, 'bench/results'), { recursive: true })
writeFileSync(join(root, 'bench/results/blog.json'), JSON.stringify(result, null, 2))
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
