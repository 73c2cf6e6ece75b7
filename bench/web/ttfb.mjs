// Web bench (JSON out): response time of each server-rendered route through the gateway, 50
// connections with autocannon, p50/p99 (the server writes a page in one piece, so this is the time
// to first byte plus the transfer of a ~40-80 KB page over loopback).
// `node_modules/.bin/node bench/web/ttfb.mjs [--no-build] [--posts=N] [--seconds=S]` → prints JSON
// and writes bench/results/web-ttfb.json.
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { ensureInfra, root } from '../../scripts/lib/infra.mjs'

const log = (m) => process.stderr.write(`[bench:web-ttfb] ${m}\n`)
const arg = (name, fallback) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const POSTS = arg('posts', 40)
const SECONDS = arg('seconds', 10)
const CONNECTIONS = 50

if (!process.argv.includes('--no-build')) {
  const r = spawnSync('npm', ['run', 'build', '-w', 'web', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const infra = await ensureInfra({ name: 'bench', log })
process.env.MONGO_URL = infra.mongoUrl
process.env.REDIS_URL = infra.redisUrl
const { startStack } = await import('../../scripts/lib/stack.mjs')
let stack
const routes = {}
try {
  stack = await startStack({ only: ['auth', 'content', 'blog', 'web', 'gateway'] })
  const username = 'bench-admin'
  const password = 'bench-admin-password-1'
  stack.seedAdmin(username, password)
  const headers = {
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    origin: stack.url,
  }
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password }),
  })
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const post = async (path, body) => {
    const res = await fetch(`${stack.url}${path}`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`seeding ${path}: ${res.status} ${await res.text()}`)
  }
  const paragraph =
    '<p>AI-driven development lets a small team ship a working prototype in days. We start with a free intake, write an MVP plan within 48 hours and build the MVP in 5 days.</p>'
  log(`seeding ${POSTS} posts`)
  for (let i = 1; i <= POSTS; i++) {
    await post('/api/blog', {
      slug: `bench-post-${i}`,
      title_nl: `Een MVP in vijf dagen ${i}`,
      title_en: `An MVP in five days ${i}`,
      excerpt_nl: 'Hoe wij in vijf dagen een werkend MVP bouwen.',
      excerpt_en: 'How we build a working MVP in five days.',
      content_nl: paragraph.repeat(12),
      content_en: paragraph.repeat(12),
      author: 'Bench',
      published: true,
      tags: ['AI', 'automation', 'business', 'team'],
    })
  }
  await post('/api/pages', {
    slug: 'privacy',
    title_nl: 'Privacy',
    title_en: 'Privacy',
    content_nl: paragraph,
    content_en: paragraph,
    published: true,
  })

  const paths = [
    '/',
    '/en',
    '/projects',
    '/blog',
    '/blog?page=2',
    `/blog/bench-post-${POSTS}`,
    `/en/blog/bench-post-${POSTS}`,
    '/pages/privacy',
    '/no-such-page',
    '/sitemap.xml',
    '/feed.xml',
  ]
  for (const path of paths) {
    const warm = await fetch(`${stack.url}${path}`)
    const bytes = (await warm.arrayBuffer()).byteLength
    const r = await autocannon({ url: `${stack.url}${path}`, connections: CONNECTIONS, duration: SECONDS })
    routes[path] = {
      status: warm.status,
      bytes,
      requests: r.requests.total,
      rps: Math.round(r.requests.average),
      latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
    }
    log(`${path}: ${JSON.stringify(routes[path])}`)
  }
} finally {
  await stack?.stop()
  await infra.stop()
}

const out = {
  bench: 'web-ttfb',
  at: new Date().toISOString(),
  machine: { cpus: cpus().length, loadavg1: Math.round(loadavg()[0] * 100) / 100, node: process.version },
  notes: `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per route, through the gateway to the web server (one process) rendering from the content and blog services; ${POSTS} posts. Shared 2-core machine: figures vary with its load.`,
  routes,
}
mkdirSync(join(root, 'bench/results'), { recursive: true })
writeFileSync(join(root, 'bench/results/web-ttfb.json'), `${JSON.stringify(out, null, 2)}\n`)
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`)
