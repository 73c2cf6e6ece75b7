// Cost at 100, 1,000 and 10,000 posts (issue 44): does anything grow with the content? Starts the
// whole stack on the embedded database (or MONGO_URL) with a fresh data folder, and at each size,
// after writing the posts through the API as an admin (8 writers):
// - writes: the seed's POST latency p50/p99, its time and rate;
// - edits: PUT latency p50/p99 of `--edits` title changes of random posts, and edit-to-public: from
//   the PUT to the post's public page through the gateway showing the new title (polled every 20 ms);
// - cold pages: `--cold` distinct post pages never asked for before, through the gateway, 8 at a
//   time: pages/s and latency p50/p99 (after 300 warm-up views of ten other posts before the first
//   size, and 12 s after each size's writes for the database's autovacuum to analyse them);
// - idle: CPU of every process over `--idle` seconds with no request (the services, workers, web,
//   gateway, FerretDB, PostgreSQL with its backends, a Redis this run started), in % of one core,
//   and the RSS of each; the peak RSS of each during the size's phase, against its manifest limit;
// - backup and restore: `npm run backup` of the stack's databases and `npm run restore` of the
//   archive into empty ones, timed.
// JSON on stdout and in bench/results/posts.json (or --out). Needs a quiet machine for figures.
// Usage: npm run bench:posts [-- --sizes 100,1000,10000 --edits 20 --cold 400 --idle 30]
//        --quick: sizes 10,30, 5 edits, 20 cold pages, 3 s idle (checks the bench itself).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { MongoClient } from 'mongodb'
import { ensureInfra, root } from '../../scripts/lib/infra.mjs'
import { adminHeaders, BENCH_STACK_ENV } from '../lib/stack.mjs'
import { makePost } from '../scale/posts.mjs'
import { coldPages as coldPagesOf, warmUp as warmUpOf } from './pages.mjs'
import { idleCpuOf, manifestLimits, percentile, processesOf, rssOf, settleOf } from './procs.mjs'

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string' },
    edits: { type: 'string' },
    cold: { type: 'string' },
    idle: { type: 'string' },
    writers: { type: 'string', default: '8' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string', default: join(root, 'bench/results/posts.json') },
  },
})
const sizes = (args.sizes ?? (args.quick ? '10,30' : '100,1000,10000')).split(',').map(Number)
const EDITS = Number(args.edits ?? (args.quick ? 5 : 20))
const COLD = Number(args.cold ?? (args.quick ? 20 : 400))
const IDLE_S = Number(args.idle ?? (args.quick ? 3 : 30))
const WRITERS = Number(args.writers)
const WARMUP = args.quick ? 20 : 300
const ANALYSE_WAIT_MS = args.quick ? 0 : 12_000
let warmed = false
const log = (m) => process.stderr.write(`[bench:posts] ${new Date().toISOString().slice(11, 19)} ${m}\n`)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const ms = (t0) => Math.round((performance.now() - t0) * 10) / 10
const stats = (list) => ({ n: list.length, p50: percentile(list, 50), p99: percentile(list, 99) })

const started = Date.now()
const infra = await ensureInfra({ name: 'bench', log, fresh: true })
process.env.MONGO_URL = infra.mongoUrl
process.env.REDIS_URL = infra.redisUrl
const { startStack } = await import('../../scripts/lib/stack.mjs')

const processes = (stack) => processesOf(stack, infra)
const idleCpu = (stack) => idleCpuOf(processes, stack, IDLE_S)
const settle = (stack) => settleOf(processes, stack)

async function seed(url, headers, from, to, ids) {
  const latencies = []
  let next = from
  const t0 = performance.now()
  const writer = async () => {
    while (next < to) {
      const i = next++
      for (let attempt = 1; ; attempt++) {
        const t = performance.now()
        const res = await fetch(`${url}/api/blog`, {
          method: 'POST',
          headers,
          body: JSON.stringify(makePost(i)),
        })
        const body = await res.text()
        if (res.status === 201) {
          latencies.push(ms(t))
          ids[i] = JSON.parse(body).id
          break
        }
        if (res.status < 500 || attempt === 5)
          throw new Error(`post ${i}: ${res.status} ${body.slice(0, 200)}`)
        await sleep(1000 * attempt)
      }
    }
  }
  await Promise.all(Array.from({ length: WRITERS }, writer))
  const seconds = (performance.now() - t0) / 1000
  return {
    posts: to - from,
    seconds: Math.round(seconds * 10) / 10,
    perSecond: Math.round(((to - from) / seconds) * 10) / 10,
    writeMs: stats(latencies),
  }
}

async function edits(url, headers, size, ids, round) {
  const put = []
  const toPublic = []
  for (let k = 0; k < EDITS; k++) {
    const i = Math.floor(((k + 0.5) / EDITS) * size)
    const title = `Edit ${round}-${k} of post ${i}`
    const t0 = performance.now()
    const res = await fetch(`${url}/api/blog/${ids[i]}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ title_en: title }),
    })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`edit ${k}: ${res.status}`)
    put.push(ms(t0))
    const page = `${url}/en/blog/scale-post-${i}`
    for (;;) {
      const html = await (await fetch(page)).text()
      if (html.includes(title)) break
      if (performance.now() - t0 > 30_000) throw new Error(`edit ${k} not public after 30 s`)
      await sleep(20)
    }
    toPublic.push(ms(t0))
  }
  return { putMs: stats(put), editToPublicMs: stats(toPublic) }
}

function backupAndRestore(stack, size) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-posts-'))
  const archive = join(dir, 'site.bson.gz')
  const id = stack.env.QUEUE_PREFIX.replace(/^stack_/, '')
  const env = { ...process.env, MONGO_URL: infra.mongoUrl, REDIS_URL: infra.redisUrl }
  const run = (script, more) => {
    const t0 = performance.now()
    const r = spawnSync(process.execPath, [join(root, 'scripts', script), ...more], { env, encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`${script}: ${r.stderr.slice(-500)}`)
    return Math.round((performance.now() - t0) / 100) / 10
  }
  try {
    const backupSeconds = run('backup.mjs', [
      '--out',
      archive,
      '--databases',
      `stack_${id}_{service}`,
      '--prefix',
      stack.env.QUEUE_PREFIX,
    ])
    const bytes = statSync(archive).size
    const target = `restored_${id}_${size}`
    const restoreSeconds = run('restore.mjs', [
      archive,
      '--databases',
      `${target}_{service}`,
      '--prefix',
      target,
    ])
    return { backupSeconds, restoreSeconds, archiveBytes: bytes, restoredInto: target }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function dropRestored(prefix) {
  const client = await MongoClient.connect(infra.mongoUrl)
  try {
    const { databases } = await client.db().admin().listDatabases()
    for (const d of databases) if (d.name.startsWith(prefix)) await client.db(d.name).dropDatabase()
  } finally {
    await client.close()
  }
}

const limits = manifestLimits()
const results = {}
const peaks = {}
let stack
let sampler
try {
  stack = await startStack({ env: BENCH_STACK_ENV, startTimeoutMs: 180_000 })
  log(`stack up at ${stack.url} on ${infra.mongoKind}`)
  sampler = setInterval(() => {
    for (const [n, mb] of Object.entries(rssOf(processes(stack)))) peaks[n] = Math.max(peaks[n] ?? 0, mb)
  }, 500)
  const headers = await adminHeaders(stack)
  const ids = []
  const used = new Set()
  let seeded = 0
  for (const size of sizes) {
    log(`writing posts ${seeded}..${size}`)
    const writes = await seed(stack.url, headers, seeded, size, ids)
    log(
      `${size}: ${writes.perSecond} posts/s, write p50 ${writes.writeMs.p50} ms p99 ${writes.writeMs.p99} ms`,
    )
    seeded = size
    for (const k of Object.keys(peaks)) peaks[k] = 0
    // A bulk write is analysed by the database's autovacuum within its naptime (10 s embedded,
    // scripts/lib/postgres.mjs); until then the planner guesses. Measured after it, as a site is.
    await sleep(ANALYSE_WAIT_MS)
    const settleSeconds = await settle(stack)
    if (!warmed) await warmUpOf(stack.url, size, used, WARMUP)
    warmed = true
    const edited = await edits(stack.url, headers, size, ids, size)
    log(`${size}: PUT p99 ${edited.putMs.p99} ms, edit-to-public p99 ${edited.editToPublicMs.p99} ms`)
    const cold = await coldPagesOf(stack.url, 0, size, used, COLD)
    log(`${size}: cold pages ${cold.pagesPerSecond}/s p99 ${cold.latencyMs.p99} ms`)
    await settle(stack)
    const idle = await idleCpu(stack)
    log(`${size}: idle ${idle.totalPercentOfOneCore} % of a core ${JSON.stringify(idle.percentOfOneCore)}`)
    const rss = rssOf(processes(stack))
    const backup = backupAndRestore(stack, size)
    await dropRestored(backup.restoredInto)
    log(`${size}: backup ${backup.backupSeconds} s, restore ${backup.restoreSeconds} s`)
    const peakRssMb = { ...peaks }
    const overLimit = Object.fromEntries(
      Object.entries(peakRssMb)
        .filter(([n, mb]) => limits[n] && mb > limits[n])
        .map(([n, mb]) => [n, { peakMb: mb, limitMb: limits[n] }]),
    )
    results[size] = {
      writes,
      settleSeconds,
      ...edited,
      coldPages: cold,
      idleCpu: idle,
      rssMb: rss,
      peakRssMb,
      overLimit,
      ...backup,
    }
  }
} finally {
  clearInterval(sampler)
  await stack?.stop()
  await infra.stop()
}

const first = results[sizes[0]]
const last = results[sizes.at(-1)]
const ratio = (a, b) => (a == null || !b ? null : Math.round((a / b) * 100) / 100)
const out = {
  bench: 'posts',
  at: new Date().toISOString(),
  minutes: Math.round((Date.now() - started) / 6000) / 10,
  machine: { cpus: cpus().length, loadavg1: Math.round(loadavg()[0] * 100) / 100, node: process.version },
  database: infra.mongoKind,
  notes:
    'rssMb/peakRssMb: RSS per process; postgres is the sum of PSS over the postmaster and its backends (RSS would count the shared buffers once per backend). idleCpu: utime+stime over the idle window, % of one core. Loader and stack share the machine.',
  settings: {
    sizes,
    edits: EDITS,
    coldPages: COLD,
    idleSeconds: IDLE_S,
    writers: WRITERS,
    warmupPages: WARMUP,
    analyseWaitMs: ANALYSE_WAIT_MS,
  },
  manifestLimitsMb: limits,
  results,
  ratios: {
    sizes: `${sizes.at(-1)} ÷ ${sizes[0]}`,
    writeP99: ratio(last?.writes.writeMs.p99, first?.writes.writeMs.p99),
    putP99: ratio(last?.putMs.p99, first?.putMs.p99),
    editToPublicP99: ratio(last?.editToPublicMs.p99, first?.editToPublicMs.p99),
    coldPagesPerSecond: ratio(last?.coldPages.pagesPerSecond, first?.coldPages.pagesPerSecond),
    idleCpu: ratio(last?.idleCpu.totalPercentOfOneCore, first?.idleCpu.totalPercentOfOneCore),
  },
}
mkdirSync(join(args.out, '..'), { recursive: true })
writeFileSync(args.out, `${JSON.stringify(out, null, 2)}\n`)
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`)
