// Edge bench (issue 30), JSON out, in one run on the real stack seeded with the scale bench's posts
// (1,000 by default), two gateway replicas on one Redis:
// - `/`, `/blog` and a post, gzip, 50 connections: through the gateway warm (its shared cache), the
//   same pages through a third gateway with CACHE_ENABLED=false (cold: every request rendered), and
//   the very same bytes saved as files and served by nginx (one worker; Debian's nginx-light,
//   installed with apt-get when missing and possible). Ratios warm/nginx; the gateway's CPU per
//   cached request (from /proc/<pid>/stat over the warm runs);
// - purge-to-fresh: `--writes` admin edits of the post (through replica A), each followed by
//   anonymous reads of the post on both replicas until both show it; p50/p99 ms;
// - the web server and the blog service frozen (SIGSTOP): every page served in this run requested
//   again on replica B; how many answer 200, and within 100 ms.
// `npm run bench:edge -- [--no-build] [--posts 1000] [--duration 10] [--connections 50] [--writes 50]`
//   → prints JSON and writes bench/results/edge.json.
import autocannon from 'autocannon'
import { spawn, spawnSync } from 'node:child_process'
import { get } from 'node:http'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureInfra, freePort, root, stopChild, waitForPort } from '../../scripts/lib/infra.mjs'
import { adminHeaders, BENCH_STACK_ENV } from '../lib/stack.mjs'
import { makePost, seedPosts } from '../scale/posts.mjs'

const log = (m) => process.stderr.write(`[bench:edge] ${m}\n`)
const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    posts: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    writes: { type: 'string', default: '50' },
  },
})
const postCount = Number(args.posts)
const duration = Number(args.duration)
const connections = Number(args.connections)
const writes = Number(args.writes)

if (!args['no-build']) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

/** nginx on the PATH, else Debian's nginx-light through apt-get (as root), else none. */
function nginxBinary() {
  if (spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0) return 'nginx'
  log('nginx missing: installing nginx-light with apt-get')
  const apt = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx-light'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (apt.status === 0 && spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0) return 'nginx'
  log('nginx unavailable: the nginx figures are left out')
  return null
}

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null
}
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // utime + stime, in 100 Hz ticks
}
const GZIP = { 'accept-encoding': 'gzip' }

async function load(url, pid) {
  await autocannon({ url, duration: Math.min(2, duration), connections, headers: GZIP }) // warm-up
  const before = pid ? cpuMs(pid) : 0
  const r = await autocannon({ url, duration, connections, headers: GZIP })
  const requests = r.requests.total
  return {
    requestsPerSecond: Math.round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99 },
    non2xx: r.non2xx,
    errors: r.errors,
    ...(pid ? { gatewayCpuMsPerRequest: Number(((cpuMs(pid) - before) / requests).toFixed(4)) } : {}),
  }
}

const infra = await ensureInfra({ name: 'bench', log })
process.env.MONGO_URL = infra.mongoUrl
process.env.REDIS_URL = infra.redisUrl
const { startStack } = await import('../../scripts/lib/stack.mjs')
const tmp = mkdtempSync(join(tmpdir(), 'bench-edge-'))
// nginx's workers run as another user when started as root: they must read the files.
chmodSync(tmp, 0o755)
const extra = []
let stack
let report
try {
  stack = await startStack({ env: BENCH_STACK_ENV, only: ['auth', 'content', 'blog', 'web', 'gateway'] })
  const headers = await adminHeaders(stack)
  const t0 = Date.now()
  await seedPosts(stack.url, headers, 0, postCount)
  log(`seeded ${postCount} posts in ${Math.round((Date.now() - t0) / 1000)} s`)

  // Replica B (purges heard by both) and an uncached gateway (cold), the same environment.
  const entry = (name) => stack.supervisor.entries.find((e) => e.spec.name === name)
  const spec = entry('gateway').spec
  const replica = async (name, env = {}) => {
    const port = await freePort()
    const metrics = String(await freePort())
    stack.supervisor.add({
      ...spec,
      name,
      port,
      env: { ...spec.env, ...env, PORT: String(port), METRICS_PORT: metrics },
    })
    await waitForPort(port, name, 60_000)
    return `http://127.0.0.1:${port}`
  }
  const a = stack.url
  const b = await replica('gateway-b')
  const cold = await replica('gateway-cold', { CACHE_ENABLED: 'false' })

  const post = makePost(Math.floor(postCount / 2))
  const pages = { '/': '/', '/blog': '/blog', post: `/blog/${post.slug}` }

  // nginx serving the gateway's own gzip bytes of each page as files.
  const nginx = nginxBinary()
  const nginxPort = await freePort()
  mkdirSync(join(tmp, 'logs'))
  const locations = []
  for (const [name, path] of Object.entries(pages)) {
    const res = await fetch(`${a}${path}`, { headers: GZIP })
    if (!res.ok) throw new Error(`${path}: ${res.status}`)
    await res.arrayBuffer()
    const fileName = `${name.replace(/\W/g, '_') || 'root'}.html.gz`
    const file = join(tmp, fileName)
    // fetch decodes: read the raw bytes the gateway sent, to serve the very same ones.
    const raw = await new Promise((resolve, reject) => {
      const u = new URL(`${a}${path}`)
      get({ host: u.hostname, port: u.port, path: u.pathname, headers: GZIP }, (r) => {
        const chunks = []
        r.on('data', (c) => chunks.push(c))
        r.on('end', () => resolve(Buffer.concat(chunks)))
      }).on('error', reject)
    })
    writeFileSync(file, raw)
    locations.push(
      `location = ${path} { default_type "text/html; charset=utf-8"; add_header Content-Encoding gzip; try_files /${fileName} =404; }`,
    )
  }
  if (nginx) {
    writeFileSync(
      join(tmp, 'nginx.conf'),
      `worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${tmp};
    ${locations.join('\n    ')}
  }
}
`,
    )
    extra.push(
      spawn(nginx, ['-p', tmp, '-c', join(tmp, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' }),
    )
    await waitForPort(nginxPort, 'nginx')
  }

  // 1. Throughput: warm (replica A's cache), cold (no cache), nginx.
  const gatewayPid = entry('gateway').child.pid
  const pagesResult = {}
  for (const [name, path] of Object.entries(pages)) {
    const warm = await load(`${a}${path}`, gatewayPid)
    const uncached = await load(`${cold}${path}`)
    const files = nginx ? await load(`http://127.0.0.1:${nginxPort}${path}`) : null
    if (files?.non2xx) throw new Error(`nginx answered ${path} with ${files.non2xx} errors`)
    pagesResult[name] = {
      path,
      gatewayWarm: warm,
      gatewayCold: uncached,
      nginx: files,
      warmVsNginxRps: files ? Number((warm.requestsPerSecond / files.requestsPerSecond).toFixed(3)) : null,
    }
    log(`${path}: ${JSON.stringify(pagesResult[name])}`)
  }

  // 2. Purge-to-fresh over both replicas.
  const { id } = await (await fetch(`${a}/api/blog/slug/${post.slug}`)).json()
  const latencies = []
  for (let i = 1; i <= writes; i++) {
    const title = `Edited ${i} ${Date.now()}`
    const put = await fetch(`${a}/api/blog/${id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...post, title_nl: title }),
    })
    if (!put.ok) throw new Error(`write ${i}: ${put.status} ${await put.text()}`)
    const written = performance.now()
    for (const origin of [a, b]) {
      for (;;) {
        const body = await (await fetch(`${origin}${pages.post}`)).text()
        if (body.includes(title)) break
        if (performance.now() - written > 10_000)
          throw new Error(`write ${i}: not fresh on ${origin} after 10 s`)
      }
    }
    latencies.push(performance.now() - written)
  }
  const purgeToFresh = {
    writes,
    replicas: 2,
    p50Ms: Number(percentile(latencies, 50)?.toFixed(1)),
    p99Ms: Number(percentile(latencies, 99)?.toFixed(1)),
    maxMs: Number(Math.max(...latencies).toFixed(1)),
  }
  log(`purge to fresh: ${JSON.stringify(purgeToFresh)}`)

  // 3. Outage: the web server and the blog service frozen; every page served in this run, on B.
  const served = [...Object.values(pages), '/en', '/en/blog', `/en/blog/${post.slug}`]
  for (const path of served) await (await fetch(`${b}${path}`)).arrayBuffer()
  stack.supervisor.signal('web', 'SIGSTOP')
  stack.supervisor.signal('blog', 'SIGSTOP')
  const outage = { pages: served.length, answered200: 0, within100ms: 0, slowestMs: 0 }
  try {
    for (const path of served) {
      const started = performance.now()
      const res = await fetch(`${b}${path}`, { signal: AbortSignal.timeout(15_000) }).catch(() => null)
      await res?.arrayBuffer()
      const ms = performance.now() - started
      outage.slowestMs = Math.max(outage.slowestMs, Math.round(ms))
      if (res?.status === 200) {
        outage.answered200++
        if (ms <= 100) outage.within100ms++
      }
    }
  } finally {
    stack.supervisor.signal('web', 'SIGCONT')
    stack.supervisor.signal('blog', 'SIGCONT')
  }
  log(`outage: ${JSON.stringify(outage)}`)

  report = {
    bench: 'edge',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    settings: { posts: postCount, durationS: duration, connections, encoding: 'gzip', nginxWorkers: 1 },
    pages: pagesResult,
    purgeToFresh,
    outage,
    note: 'autocannon, nginx and the stack share this machine; compare within one run',
  }
} finally {
  for (const c of extra) await stopChild(c)
  await stack?.stop()
  await infra.stop()
  rmSync(tmp, { recursive: true, force: true })
}
mkdirSync(join(root, 'bench/results'), { recursive: true })
writeFileSync(join(root, 'bench/results/edge.json'), JSON.stringify(report, null, 2))
process.stdout.write(JSON.stringify(report, null, 2) + '\n')
