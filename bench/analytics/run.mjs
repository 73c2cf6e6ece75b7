// Analytics bench (issue 48), JSON out, in one run:
// - the cost of counting: a cached post through the gateway with analytics on and through a second
//   gateway of the same stack with ANALYTICS_ENABLED=false, alternated (on, off, on, off), 50
//   connections, a browser's user agent (so every view is hashed and remembered as a visit);
//   req/s, latency and the gateway's CPU per request;
// - the rollup of a year of `--views` (10,000) views a day: each day's raw views inserted, rolled up
//   (the contact worker's rollupDay: one day read by its index, counted, one document written) and
//   deleted again (as the pruning would), its month merged again (as each worker pass does), then
//   the year's report read from the rollups: through the month documents, and from the day
//   documents only (the report before months) for comparison, beside a day's report;
// - `--only report`: that report alone, the year's day documents tallied in this process (no raw
//   views stored), in seconds rather than minutes.
// `npm run bench:analytics -- [--no-build] [--duration 10] [--connections 50] [--days 365] [--views 10000]
//   [--only counting|rollup|report]`
//   → prints JSON and writes bench/results/analytics.json.
import autocannon from 'autocannon'
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureInfra, freePort, root, waitForPort } from '../../scripts/lib/infra.mjs'
import { adminHeaders, BENCH_STACK_ENV } from '../lib/stack.mjs'
import { seedPosts } from '../scale/posts.mjs'

const log = (m) => process.stderr.write(`[bench:analytics] ${m}\n`)
const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    days: { type: 'string', default: '365' },
    views: { type: 'string', default: '10000' },
    only: { type: 'string', default: 'all' },
  },
})
const duration = Number(args.duration)
const connections = Number(args.connections)
const days = Number(args.days)
const viewsPerDay = Number(args.views)

if (!args['no-build']) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const HEADERS = { 'accept-encoding': 'gzip', 'user-agent': UA, referer: 'https://news.example.org/' }
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

async function load(url, pid) {
  const before = cpuMs(pid)
  const r = await autocannon({ url, duration, connections, headers: HEADERS })
  return {
    requestsPerSecond: Math.round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99 },
    non2xx: r.non2xx,
    errors: r.errors,
    gatewayCpuMsPerRequest: Number(((cpuMs(pid) - before) / r.requests.total).toFixed(4)),
  }
}

const infra = await ensureInfra({ name: 'bench', log })
process.env.MONGO_URL = infra.mongoUrl
process.env.REDIS_URL = infra.redisUrl
const { startStack } = await import('../../scripts/lib/stack.mjs')
let stack
let report
try {
  report = { cpus: cpus().length }
  if (args.only === 'all' || args.only === 'counting') report.counting = await counting()
  if (args.only === 'all' || args.only === 'rollup') report.rollup = await rollupYear()
  if (args.only === 'report') report.rollup = await rollupYear({ rawViews: false })
} finally {
  await stack?.stop()
  await infra.stop()
}
console.log(JSON.stringify(report, null, 2))
mkdirSync(join(root, 'bench/results'), { recursive: true })
writeFileSync(
  join(root, `bench/results/analytics${args.only === 'all' ? '' : `-${args.only}`}.json`),
  JSON.stringify(report, null, 2),
)

/** Req/s on a cached post through a gateway that counts and one that does not, alternated. */
async function counting() {
  stack = await startStack({ env: BENCH_STACK_ENV, only: ['auth', 'content', 'blog', 'web', 'gateway'] })
  await seedPosts(stack.url, await adminHeaders(stack), 0, 1)
  const entry = (name) => stack.supervisor.entries.find((e) => e.spec.name === name)
  const spec = entry('gateway').spec
  const port = await freePort()
  stack.supervisor.add({
    ...spec,
    name: 'gateway-off',
    port,
    env: {
      ...spec.env,
      ANALYTICS_ENABLED: 'false',
      PORT: String(port),
      METRICS_PORT: String(await freePort()),
    },
  })
  await waitForPort(port, 'gateway-off', 60_000)
  const path = '/blog/scale-post-0?utm_source=bench'
  const on = { url: `${stack.url}${path}`, pid: entry('gateway').child.pid }
  const off = { url: `http://127.0.0.1:${port}${path}`, pid: entry('gateway-off').child.pid }
  for (const g of [on, off]) await autocannon({ url: g.url, duration: 2, connections, headers: HEADERS })
  const runs = { on: [], off: [] }
  for (const round of [1, 2]) {
    for (const [name, g] of round === 1
      ? [
          ['on', on],
          ['off', off],
        ]
      : [
          ['off', off],
          ['on', on],
        ]) {
      runs[name].push(await load(g.url, g.pid))
      log(`${name} #${round}: ${JSON.stringify(runs[name].at(-1))}`)
    }
  }
  const avg = (xs, f) => xs.reduce((s, x) => s + f(x), 0) / xs.length
  const rps = { on: avg(runs.on, (r) => r.requestsPerSecond), off: avg(runs.off, (r) => r.requestsPerSecond) }
  const result = {
    page: path,
    connections,
    durationSeconds: duration,
    runs,
    requestsPerSecond: { withAnalytics: Math.round(rps.on), without: Math.round(rps.off) },
    costPercent: Number((((rps.off - rps.on) / rps.off) * 100).toFixed(1)),
  }
  await stack.stop()
  stack = undefined
  return result
}

/** A year of days, each with `viewsPerDay` raw views, rolled up one day at a time. */
async function rollupYear({ rawViews = true } = {}) {
  const { connectMongo } = await import(join(root, 'packages/service-kit/dist/index.js'))
  const { analyticsModels, buildAnalyticsIndexes } = await import(
    join(root, 'services/contact/dist/analytics/models.js')
  )
  const { rollupDay, tallyDay } = await import(join(root, 'services/contact/dist/analytics/rollup.js'))
  const { rollupMonth } = await import(join(root, 'services/contact/dist/analytics/months.js'))
  const { analyticsReport } = await import(join(root, 'services/contact/dist/analytics/report.js'))
  const conn = await connectMongo({ url: infra.mongoUrl, dbName: `bench_analytics_${Date.now()}` })
  const m = analyticsModels(conn)
  await buildAnalyticsIndexes(m)
  const PATHS = Array.from({ length: 200 }, (_, i) => `${['', '/en', '/de'][i % 3]}/blog/post-${i}`)
  const REFS = [null, null, 'google.com', 'linkedin.com', 'news.ycombinator.com', 'twitter.com']
  const DEVICES = ['desktop', 'desktop', 'mobile', 'tablet', 'bot']
  const start = Date.parse('2025-01-01T00:00:00Z')
  let insertMs = 0
  const rollupMs = []
  for (let d = 0; d < days; d++) {
    const day = new Date(start + d * 86_400_000).toISOString().slice(0, 10)
    const hits = Array.from({ length: viewsPerDay }, (_, i) => {
      const path = PATHS[(i * 7919) % PATHS.length]
      return {
        at: new Date(start + d * 86_400_000 + i),
        day,
        path,
        lang: path.startsWith('/en') ? 'en' : path.startsWith('/de') ? 'de' : 'nl',
        ref: REFS[i % REFS.length],
        source: i % 10 === 0 ? 'newsletter' : null,
        medium: i % 10 === 0 ? 'email' : null,
        campaign: null,
        device: DEVICES[i % DEVICES.length],
        visitor: i % 20 === 0 ? null : `v${d}-${i % 3000}`,
      }
    })
    if (!rawViews) {
      await m.days.collection.insertOne({ ...tallyDay(day, hits), raw: true })
      await rollupMonth(m, day.slice(0, 7))
      continue
    }
    let t = performance.now()
    for (let i = 0; i < hits.length; i += 5000) await m.hits.collection.insertMany(hits.slice(i, i + 5000))
    insertMs += performance.now() - t
    t = performance.now()
    await rollupDay(m, day)
    await rollupMonth(m, day.slice(0, 7))
    rollupMs.push(performance.now() - t)
    await m.hits.deleteMany({ day })
    if (d % 30 === 0) log(`day ${d + 1}/${days}: rollup ${Math.round(rollupMs.at(-1))} ms`)
  }
  const last = new Date(start + (days - 1) * 86_400_000).toISOString().slice(0, 10)
  const best = async (from, to, o) => {
    const reads = []
    for (let i = 0; i < 5; i++) {
      const t = performance.now()
      await analyticsReport(m, from, to, o)
      reads.push(performance.now() - t)
    }
    return Math.round(Math.min(...reads))
  }
  const reportMs = {
    year: await best('2025-01-01', last),
    yearFromDays: await best('2025-01-01', last, { fromDays: true }),
    day: await best(last, last),
  }
  await conn.db.dropDatabase()
  await conn.close()
  if (!rawViews) return { days, viewsPerDay, reportMs }
  const sorted = [...rollupMs].sort((a, b) => a - b)
  return {
    days,
    viewsPerDay,
    rollupSecondsTotal: Number((rollupMs.reduce((s, x) => s + x, 0) / 1000).toFixed(1)),
    rollupMsPerDay: {
      p50: Math.round(sorted[Math.floor(sorted.length / 2)]),
      max: Math.round(sorted.at(-1)),
    },
    rawInsertSecondsTotal: Number((insertMs / 1000).toFixed(1)),
    reportMs,
  }
}
