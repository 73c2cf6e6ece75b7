// Scale bench: does the cost of a public page grow with the number of posts?
// Starts the whole stack (scripts/lib/stack.mjs), seeds 10, 100 and 1,000 published posts of
// ordinary size (12 paragraphs in nl and en, about 8 KB of HTML per language) through the API as
// an admin and, at each size, measures through the gateway:
// - bytes on the wire (Accept-Encoding: gzip, br) of the home's API calls, the /blog first page's
//   call and a post by slug;
// - requests/s and latency p50/p99 at 50 connections (autocannon) of the same three;
// - Lighthouse mobile performance of / and /blog (system Chromium);
// - peak RSS of every process (sampled from /proc/<pid>/status), against its manifest's limit,
//   and restarts; with --cap every process also runs capped at that limit (cgroup memory limit
//   where /sys/fs/cgroup is writable; the heap flag the manifests imply is in processes.mjs).
// Then prints the ratios 1,000 ÷ 10. Works with both list shapes (array, or { items, total }).
//
// Usage: npm run bench:scale -- [--sizes 10,100,1000] [--duration 30] [--connections 50]
//          [--no-lighthouse] [--quick] [--cap] [--label before]
//   --quick = sizes 10,100, 3 s per measurement, Lighthouse on; writes bench/scale/results/<label>.json.
import autocannon from 'autocannon'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { parseAllDocuments } from 'yaml'
import { ensureInfra, root } from '../../scripts/lib/infra.mjs'
import { CHROMIUM, launchChromium } from '../lib/chromium.mjs'
import { adminHeaders, BENCH_STACK_ENV } from '../lib/stack.mjs'
import { seedPosts } from './posts.mjs'

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    lighthouse: { type: 'boolean', default: true },
    'no-lighthouse': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    cap: { type: 'boolean', default: false },
    label: { type: 'string', default: 'latest' },
  },
})
const sizes = (args.sizes ?? (args.quick ? '10,100' : '10,100,1000')).split(',').map(Number)
// 30 s per measurement: the chat re-reads the site every minute (its backstop refresh), and a 10 s
// window that caught it or not moved a figure by ±15 % on this 2-core machine.
const duration = Number(args.duration ?? (args.quick ? 3 : 30))
const connections = Number(args.connections)
const withLighthouse = args.lighthouse && !args['no-lighthouse']
const log = (m) => process.stderr.write(`[bench:scale] ${new Date().toISOString().slice(11, 19)} ${m}\n`)

// --- manifest memory limits (k8s/base), by process name -------------------------------------------
function toMi(q) {
  const m = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|K|M|G)?$/.exec(String(q))
  if (!m) return null
  const f =
    { Ki: 1 / 1024, Mi: 1, Gi: 1024, K: 1000 / 1048576, M: 1e6 / 1048576, G: 1e9 / 1048576 }[m[2] ?? ''] ??
    1 / 1048576
  return Math.round(Number(m[1]) * f)
}
function manifestLimitsMi() {
  const limits = {}
  const dir = join(root, 'k8s/base')
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.yaml'))) {
    for (const doc of parseAllDocuments(readFileSync(join(dir, f), 'utf8'))) {
      const o = doc.toJSON()
      if (o?.kind !== 'Deployment') continue
      for (const c of o.spec.template.spec.containers) limits[c.name] = toMi(c.resources?.limits?.memory)
    }
  }
  return limits
}
const limitsMi = manifestLimitsMi()

// --- memory caps: a cgroup per process when the hierarchy is writable ------------------------------
function cgroupCapper() {
  const group = `scale-bench-${process.pid}`
  const v2 = '/sys/fs/cgroup'
  const v1 = '/sys/fs/cgroup/memory'
  const tryMake = (base, limitFile) => {
    try {
      mkdirSync(join(base, group, 'probe'), { recursive: true })
      writeFileSync(join(base, group, 'probe', limitFile), String(64 * 1048576))
      rmdirSync(join(base, group, 'probe'))
      return true
    } catch {
      return false
    }
  }
  let base
  let limitFile
  let kind
  if (
    existsSync(join(v2, 'cgroup.controllers')) &&
    readFileSync(join(v2, 'cgroup.controllers'), 'utf8').includes('memory') &&
    tryMake(v2, 'memory.max')
  ) {
    ;[base, limitFile, kind] = [v2, 'memory.max', 'cgroup v2 memory.max']
  } else if (existsSync(join(v1, 'memory.limit_in_bytes')) && tryMake(v1, 'memory.limit_in_bytes')) {
    ;[base, limitFile, kind] = [v1, 'memory.limit_in_bytes', 'cgroup v1 memory.limit_in_bytes']
  } else {
    return {
      kind: 'none (no writable cgroup hierarchy; only the heap flag caps, peak RSS is compared with the limit)',
      add() {},
      cleanup() {},
    }
  }
  const made = new Set()
  return {
    kind,
    add(name, pid) {
      const mi = limitsMi[name]
      if (!mi) return
      const dir = join(base, group, name)
      if (!made.has(name)) {
        mkdirSync(dir, { recursive: true })
        writeFileSync(join(dir, limitFile), String(mi * 1048576))
        made.add(name)
      }
      writeFileSync(join(dir, 'cgroup.procs'), String(pid))
    },
    cleanup() {
      for (const name of made) {
        try {
          rmdirSync(join(base, group, name))
        } catch {
          /* a process still inside: the kernel frees the group when it exits */
        }
      }
      try {
        rmdirSync(join(base, group))
      } catch {
        /* as above */
      }
    },
  }
}
const capper = args.cap ? cgroupCapper() : { kind: 'off', add() {}, cleanup() {} }

// --- RSS sampling ----------------------------------------------------------------------------------
function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Math.round(Number(m[1]) / 1024) : null
  } catch {
    return null
  }
}
const peaks = { phase: {}, overall: {} }
let sampler
function startSampling(stack) {
  sampler = setInterval(() => {
    for (const e of stack.supervisor.entries) {
      const mb = e.child?.pid ? rssMb(e.child.pid) : null
      if (mb == null) continue
      const n = e.spec.name
      peaks.phase[n] = Math.max(peaks.phase[n] ?? 0, mb)
      peaks.overall[n] = Math.max(peaks.overall[n] ?? 0, mb)
    }
  }, 250)
}
const idleRss = (stack) =>
  Object.fromEntries(
    stack.supervisor.entries.map((e) => [e.spec.name, e.child?.pid ? rssMb(e.child.pid) : null]),
  )
const restarts = (stack) =>
  Object.fromEntries(stack.supervisor.entries.map((e) => [e.spec.name, e.restarts ?? 0]))
const sumValues = (o) => Object.values(o).reduce((a, b) => a + (b ?? 0), 0)

// --- measurements ------------------------------------------------------------------------------------
/** Bytes of the body as sent (still encoded), with the encoding and the decoded size. */
function wireBytes(url) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: { 'accept-encoding': 'gzip, br', accept: 'application/json' } },
      (res) => {
        let bytes = 0
        const chunks = []
        res.on('data', (c) => {
          bytes += c.length
          chunks.push(c)
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            bytes,
            encoding: res.headers['content-encoding'] ?? 'identity',
            etag: res.headers.etag ?? null,
            vary: res.headers.vary ?? null,
            body: Buffer.concat(chunks),
            headers: res.headers,
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}
async function decodedJson(r) {
  const { brotliDecompressSync, gunzipSync } = await import('node:zlib')
  const raw =
    r.encoding === 'br' ? brotliDecompressSync(r.body) : r.encoding === 'gzip' ? gunzipSync(r.body) : r.body
  return { json: JSON.parse(raw.toString('utf8')), bytes: raw.length }
}
/** Array (before the lists were paged) or { items, total } (after). */
const listShape = (json) =>
  Array.isArray(json)
    ? { shape: 'array', items: json.length, total: json.length }
    : { shape: 'paged', items: json.items?.length ?? null, total: json.total ?? null }

async function load(base, paths) {
  const opts = {
    url: base,
    connections,
    headers: { 'accept-encoding': 'gzip, br', accept: 'application/json' },
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  }
  await autocannon({ ...opts, duration: 1 }) // warm-up
  const r = await autocannon({ ...opts, duration })
  // Only answers that carried the page count: a 429 or 5xx is fast and would flatter the figure.
  const ok = r['2xx'] ?? 0
  return {
    requestsPerSecond: Math.round(ok / (r.duration || duration)),
    allRequestsPerSecond: Math.round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99 },
    ok,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  }
}

async function lighthouseRun(chrome, url) {
  const { default: lighthouse } = await import('lighthouse')
  const run = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  const lhr = run.lhr
  const metric = (id) =>
    lhr.audits[id]?.numericValue == null ? null : Math.round(lhr.audits[id].numericValue)
  return {
    performance:
      lhr.categories.performance?.score == null ? null : Math.round(lhr.categories.performance.score * 100),
    metricsMs: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
    },
    transferKb:
      lhr.audits['total-byte-weight']?.numericValue == null
        ? null
        : Math.round(lhr.audits['total-byte-weight'].numericValue / 1024),
    runtimeError: lhr.runtimeError?.message ?? null,
  }
}

/** PIDs of the MongoDB-compatible server and Redis this bench uses (by their port on the command line). */
function infraPids() {
  const ports = [process.env.MONGO_URL, process.env.REDIS_URL].map((u) => new URL(u).port)
  const pids = []
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
      if (
        /ferretdb|redis-server/.test(cmd) &&
        ports.some((port) => cmd.includes(`:${port}`) || cmd.includes(`--port ${port}`))
      )
        pids.push(Number(pid))
    } catch {
      /* exited meanwhile */
    }
  }
  return pids
}
/** CPU seconds used so far by the stack's processes and `others` (utime + stime from /proc/<pid>/stat). */
function stackCpuSeconds(stack, others = []) {
  let ticks = 0
  for (const pid of [...stack.supervisor.entries.map((e) => e.child.pid), ...others]) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      /* exited meanwhile */
    }
  }
  return ticks / 100 // USER_HZ
}
/**
 * After seeding, the chat re-indexes and the caches refill: measuring then would charge that work
 * to the size. Waits until the stack and its database and Redis use under 10% of a core for 3 s
 * running (at most 90 s).
 */
async function settle(stack) {
  const t0 = Date.now()
  // The database counts too: after a seed it may still be writing or serving the chat's re-read.
  const infra = infraPids()
  let quiet = 0
  let last = stackCpuSeconds(stack, infra)
  while (quiet < 3 && Date.now() - t0 < 90000) {
    await new Promise((r) => setTimeout(r, 1000))
    const now = stackCpuSeconds(stack, infra)
    quiet = now - last < 0.1 ? quiet + 1 : 0
    last = now
  }
  return Math.round((Date.now() - t0) / 1000)
}

// --- the run -------------------------------------------------------------------------------------------
const started = Date.now()
const infra = await ensureInfra({ name: 'bench', log, fresh: true })
process.env.MONGO_URL = infra.mongoUrl
process.env.REDIS_URL = infra.redisUrl
const { startStack } = await import('../../scripts/lib/stack.mjs')
let stack
let chrome
const results = {}
let idle
let stackRestarts = {}
try {
  stack = await startStack({
    env: BENCH_STACK_ENV,
    startTimeoutMs: 180000, // a loaded shared machine starts nine processes slowly
    onSpawn: (name, child) => {
      try {
        capper.add(name, child.pid)
      } catch (err) {
        log(`could not cap ${name}: ${err.message}`)
      }
    },
  })
  log(`stack up at ${stack.url}; memory cap: ${capper.kind}`)
  await new Promise((r) => setTimeout(r, 5000)) // let start-up garbage settle before the idle figure
  idle = idleRss(stack)
  log(`idle RSS ${JSON.stringify(idle)} total ${sumValues(idle)} MB`)
  startSampling(stack)

  const headers = await adminHeaders(stack)

  if (withLighthouse) {
    chrome = await launchChromium()
  }

  // The home's API calls (web/src/features/home/api/home.ts; the latest-posts section shows one post)
  // and the /blog first page's call; old servers ignore page/pageSize and answer the whole list.
  const home = [
    '/api/content',
    '/api/features',
    '/api/projects',
    '/api/pages',
    '/api/blog?published=true&page=1&pageSize=1',
  ]
  const blogFirstPage = '/api/blog?published=true&page=1'
  let seeded = 0
  for (const size of sizes) {
    log(`seeding ${size - seeded} posts (to ${size})...`)
    const t0 = Date.now()
    try {
      await seedPosts(stack.url, headers, seeded, size)
    } catch (err) {
      // The stack could not take the writes (old code: every write rebuilt the whole list):
      // that is a result too; the sizes measured so far are kept.
      log(`stopping: ${err.message}`)
      results[size] = {
        error: err.message.slice(0, 300),
        seedingSeconds: Math.round((Date.now() - t0) / 1000),
      }
      break
    }
    log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    seeded = size
    const settleSeconds = await settle(stack)
    log(`settled in ${settleSeconds} s`)
    peaks.phase = {}
    const slugPath = `/api/blog/slug/scale-post-${Math.floor(size / 2)}`
    const r = { settleSeconds, wire: {}, load: {}, lighthouse: null }

    const first = await wireBytes(`${stack.url}${blogFirstPage}`)
    const firstDecoded = await decodedJson(first)
    r.wire.blogFirstPage = {
      bytes: first.bytes,
      decodedBytes: firstDecoded.bytes,
      encoding: first.encoding,
      ...listShape(firstDecoded.json),
      etag: first.etag,
      vary: first.vary,
    }
    let homeBytes = 0
    r.wire.home = {}
    for (const p of home) {
      const w = await wireBytes(`${stack.url}${p}`)
      homeBytes += w.bytes
      r.wire.home[p] = { status: w.status, bytes: w.bytes, encoding: w.encoding }
    }
    r.wire.homeTotalBytes = homeBytes
    const post = await wireBytes(`${stack.url}${slugPath}`)
    r.wire.postBySlug = {
      bytes: post.bytes,
      decodedBytes: (await decodedJson(post)).bytes,
      encoding: post.encoding,
    }
    log(
      `${size}: /blog first page ${first.bytes} B (${first.encoding}), home ${homeBytes} B, post ${post.bytes} B`,
    )

    for (const [name, paths] of Object.entries({
      home,
      blogFirstPage: [blogFirstPage],
      postBySlug: [slugPath],
    })) {
      r.load[name] = await load(stack.url, paths)
      if (r.load[name].non2xx) log(`${size}: ${name} had ${r.load[name].non2xx} answers that were not 2xx`)
      log(
        `${size}: ${name} ${r.load[name].requestsPerSecond} req/s p50 ${r.load[name].latencyMs.p50} ms p99 ${r.load[name].latencyMs.p99} ms`,
      )
    }
    if (chrome) {
      r.lighthouse = {}
      for (const path of ['/', '/blog']) {
        r.lighthouse[path] = await lighthouseRun(chrome, `${stack.url}${path}`)
        log(`${size}: Lighthouse ${path} ${JSON.stringify(r.lighthouse[path])}`)
      }
    }
    r.peakRssMb = { ...peaks.phase }
    r.restarts = restarts(stack)
    results[size] = r
  }
} finally {
  if (stack) stackRestarts = restarts(stack)
  clearInterval(sampler)
  await chrome?.kill()
  await stack?.stop()
  await infra.stop()
  capper.cleanup()
}

const measured = sizes.filter((n) => results[n] && !results[n].error)
const lo = results[measured[0]]
const hi = measured.length > 1 ? results[measured.at(-1)] : undefined
const ratio = (a, b) => (a == null || !b ? null : Number((a / b).toFixed(3)))
const finalRestarts = stackRestarts
const out = {
  bench: 'scale',
  label: args.label,
  at: new Date().toISOString(),
  minutes: Number(((Date.now() - started) / 60000).toFixed(1)),
  machine: {
    cpus: cpus().length,
    loadavg1: Math.round(loadavg()[0] * 100) / 100,
    node: process.version,
    chromium: withLighthouse ? CHROMIUM : null,
  },
  settings: {
    sizes,
    durationS: duration,
    connections,
    lighthouse: withLighthouse,
    memoryCap: capper.kind,
    acceptEncoding: 'gzip, br',
  },
  notes:
    'Posts: 12 paragraphs (~8 KB HTML) in nl and en, seeded through POST /api/blog; measured once the stack is quiet after seeding. home = the home page API calls cycled on each connection. requestsPerSecond counts 2xx answers only (allRequestsPerSecond counts every answer). Loader, browser and stack share this machine: compare within one run.',
  idleRssMb: idle,
  idleRssTotalMb: idle ? sumValues(idle) : null,
  manifestLimitsMi: limitsMi,
  peakRssMb: peaks.overall,
  overLimit: Object.fromEntries(
    Object.entries(peaks.overall)
      .filter(([n, mb]) => limitsMi[n] && mb > limitsMi[n])
      .map(([n, mb]) => [n, { peakMb: mb, limitMi: limitsMi[n] }]),
  ),
  restarts: finalRestarts,
  results,
  ratios: {
    sizes: hi ? `${measured.at(-1)} ÷ ${measured[0]}` : null,
    blogFirstPageBytes: ratio(hi?.wire.blogFirstPage.bytes, lo?.wire.blogFirstPage.bytes),
    homeBytes: ratio(hi?.wire.homeTotalBytes, lo?.wire.homeTotalBytes),
    postBySlugBytes: ratio(hi?.wire.postBySlug.bytes, lo?.wire.postBySlug.bytes),
    homeRps: ratio(hi?.load.home.requestsPerSecond, lo?.load.home.requestsPerSecond),
    blogFirstPageRps: ratio(
      hi?.load.blogFirstPage.requestsPerSecond,
      lo?.load.blogFirstPage.requestsPerSecond,
    ),
    postBySlugRps: ratio(hi?.load.postBySlug.requestsPerSecond, lo?.load.postBySlug.requestsPerSecond),
    blogFirstPageP99: ratio(hi?.load.blogFirstPage.latencyMs.p99, lo?.load.blogFirstPage.latencyMs.p99),
    lighthouseHome: hi?.lighthouse ? hi.lighthouse['/'].performance - lo.lighthouse['/'].performance : null,
    lighthouseBlog: hi?.lighthouse
      ? hi.lighthouse['/blog'].performance - lo.lighthouse['/blog'].performance
      : null,
    lighthouseNote: 'lighthouse* are differences in points (large - small), not ratios',
    peakRssMb: Object.fromEntries(
      Object.keys(hi?.peakRssMb ?? {}).map((n) => [n, ratio(hi.peakRssMb[n], lo.peakRssMb[n])]),
    ),
  },
}
mkdirSync(join(root, 'bench/scale/results'), { recursive: true })
writeFileSync(join(root, `bench/scale/results/${args.label}.json`), `${JSON.stringify(out, null, 2)}\n`)
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`)
