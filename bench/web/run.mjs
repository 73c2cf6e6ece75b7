// Web bench (JSON out), against the real stack seeded with the scale bench's posts (1,000 by
// default):
// - the public JS the browser downloads for a public page (gzip) and the admin chunk (only /admin);
// - Lighthouse mobile (performance, accessibility, SEO, best practices) on every public route type
//   (home, projects, blog, a post, a CMS page) in nl and en, with the system Chromium; each page is
//   requested once before its run, as a visitor after another would find the services' caches;
// - the response time of every server-rendered route, the sitemap and a feed through the gateway
//   (autocannon, 50 connections, p50/p90/p99; the server writes a page in one piece, so this is the
//   time to first byte plus the transfer of the page over loopback).
// `npm run bench:web -- [--no-build] [--posts 1000] [--runs 1] [--no-lighthouse] [--no-ttfb]
//   [--ttfb-seconds 10]` → prints JSON and writes bench/results/web.json (the median Lighthouse run
// per route when --runs > 1).
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { ensureInfra, root } from '../../scripts/lib/infra.mjs'
import { CHROMIUM, launchChromium } from '../lib/chromium.mjs'
import { adminHeaders, BENCH_STACK_ENV } from '../lib/stack.mjs'
import { makePost, seedPosts } from '../scale/posts.mjs'

const log = (m) => process.stderr.write(`[bench:web] ${m}\n`)
const dist = join(root, 'web/dist')

const { values: args } = parseArgs({
  options: {
    build: { type: 'boolean', default: true },
    'no-build': { type: 'boolean', default: false },
    posts: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '1' },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-ttfb': { type: 'boolean', default: false },
    'ttfb-seconds': { type: 'string', default: '10' },
  },
})
const postCount = Number(args.posts)
const runs = Math.max(1, Number(args.runs))

if (args.build && !args['no-build']) {
  const r = spawnSync('npm', ['run', 'build', '-w', 'web', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

// Bundle sizes: JS referenced by index.html and its static imports (modulepreload) vs the admin chunk.
const kb = (n) => Math.round((n / 1024) * 10) / 10
const assets = readdirSync(join(dist, 'assets'))
const size = (file) => {
  const buf = readFileSync(join(dist, 'assets', file))
  return { file, bytes: buf.length, gzipBytes: gzipSync(buf, { level: 9 }).length }
}
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const initial = [...html.matchAll(/\/assets\/([^"']+\.(?:js|css))/g)].map((m) => m[1])
const publicJs = initial.filter((f) => f.endsWith('.js')).map(size)
const publicCss = initial.filter((f) => f.endsWith('.css')).map(size)
const adminJs = assets.filter((f) => /^admin-.*\.js$/.test(f)).map(size)
const sum = (xs, k) => xs.reduce((a, x) => a + x[k], 0)
const bundle = {
  publicJs: {
    files: publicJs.map((x) => x.file),
    kb: kb(sum(publicJs, 'bytes')),
    gzipKb: kb(sum(publicJs, 'gzipBytes')),
  },
  publicCss: { kb: kb(sum(publicCss, 'bytes')), gzipKb: kb(sum(publicCss, 'gzipBytes')) },
  adminChunk: {
    files: adminJs.map((x) => x.file),
    kb: kb(sum(adminJs, 'bytes')),
    gzipKb: kb(sum(adminJs, 'gzipBytes')),
  },
}
log(`public JS ${bundle.publicJs.gzipKb} KB gzip, admin chunk ${bundle.adminChunk.gzipKb} KB gzip`)

// Lighthouse against the real stack.
const infra = await ensureInfra({ name: 'bench', log })
process.env.MONGO_URL = infra.mongoUrl
process.env.REDIS_URL = infra.redisUrl
const { startStack } = await import('../../scripts/lib/stack.mjs')
let stack
let lighthouseResult
let ttfbResult
try {
  stack = await startStack({ env: BENCH_STACK_ENV })
  const headers = await adminHeaders(stack)
  const t0 = Date.now()
  await seedPosts(stack.url, headers, 0, postCount)
  log(`seeded ${postCount} posts in ${Math.round((Date.now() - t0) / 1000)} s`)
  const page = await fetch(`${stack.url}/api/pages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      slug: 'werkwijze-en-prijzen',
      title_nl: 'Werkwijze en prijzen',
      title_en: 'How we work and pricing',
      content_nl: makePost(0).content_nl,
      content_en: makePost(0).content_en,
      meta_description_nl: 'Hoe wij werken en wat het kost.',
      meta_description_en: 'How we work and what it costs.',
      published: true,
    }),
  })
  if (!page.ok) throw new Error(`seeding the page: ${page.status} ${await page.text()}`)
  const post = makePost(Math.floor(postCount / 2))

  if (!args['no-lighthouse']) {
    const chrome = await launchChromium()
    try {
      lighthouseResult = {}
      // Each public route type, in Dutch and English (server-rendered).
      const routes = ['/', '/projects', '/blog', `/blog/${post.slug}`, '/pages/werkwijze-en-prijzen']
      for (const path of routes.flatMap((p) => [p, p === '/' ? '/en' : `/en${p}`])) {
        // As the next visitor finds it: the services' caches already hold the page's reads.
        const warm = await fetch(`${stack.url}${path}`)
        if (!warm.ok) throw new Error(`${path}: ${warm.status}`)
        const all = []
        for (let i = 0; i < runs; i++) all.push(await audit(chrome, `${stack.url}${path}`))
        // The median of the runs that scored (a run Lighthouse could not finish has no score).
        const scored = all.filter((r) => r.performance !== null).sort((a, b) => a.performance - b.performance)
        lighthouseResult[path] = {
          ...(scored[Math.floor(scored.length / 2)] ?? all[0]),
          ...(runs > 1 ? { performanceRuns: all.map((r) => r.performance) } : {}),
        }
        log(`${path}: ${JSON.stringify(lighthouseResult[path])}`)
      }
    } finally {
      await chrome.kill()
    }
  }
  if (!args['no-ttfb']) ttfbResult = await ttfb(stack.url, post.slug)
} finally {
  await stack?.stop()
  await infra.stop()
}

/** Response times of the server-rendered routes at 50 connections (only answers with the route's
 * expected status count: a 429 or 503 would be fast and flatter the figure). */
async function ttfb(base, slug) {
  const seconds = Number(args['ttfb-seconds'])
  const paths = [
    '/',
    '/en',
    '/projects',
    '/blog',
    '/blog?page=2',
    `/blog/${slug}`,
    `/en/blog/${slug}`,
    '/pages/werkwijze-en-prijzen',
    '/no-such-page',
    '/sitemap.xml',
    '/sitemap-pages.xml',
    '/sitemap-posts-1.xml',
    '/feed.xml',
  ]
  const result = {}
  for (const path of paths) {
    const warm = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } })
    const bytes = (await warm.arrayBuffer()).byteLength
    const r = await autocannon({
      url: `${base}${path}`,
      connections: 50,
      duration: seconds,
      headers: { 'accept-encoding': 'br, gzip' },
    })
    const expected = r[`${Math.floor(warm.status / 100)}xx`] ?? 0
    result[path] = {
      status: warm.status,
      bytes,
      requestsPerSecond: Math.round(expected / (r.duration || seconds)),
      latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
      otherStatus: r.requests.total - expected,
      errors: r.errors,
      timeouts: r.timeouts,
    }
    log(`ttfb ${path}: ${JSON.stringify(result[path])}`)
  }
  return result
}

/** One Lighthouse run of `url` (its defaults: mobile emulation, simulated throttling). */
async function audit(chrome, url) {
  const { default: lighthouse } = await import('lighthouse')
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
  })
  const score = (id) =>
    lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100)
  const metric = (id) =>
    lhr.audits[id]?.numericValue == null ? null : Math.round(lhr.audits[id].numericValue)
  const failing = (id) =>
    lhr.categories[id].auditRefs
      .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score !== null && lhr.audits[r.id]?.score < 1)
      .map((r) => r.id)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    metricsMs: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      si: metric('speed-index'),
      ttfb: metric('server-response-time'),
    },
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
    transferKb: Math.round((lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024),
    notPassing: {
      accessibility: failing('accessibility'),
      seo: failing('seo'),
      bestPractices: failing('best-practices'),
    },
    runtimeError: lhr.runtimeError?.message ?? null,
  }
}

const out = {
  bench: 'web',
  at: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    loadavg1: Math.round(loadavg()[0] * 100) / 100,
    node: process.version,
    chromium: CHROMIUM,
  },
  settings: { posts: postCount, runs, ttfbConnections: 50, ttfbSeconds: Number(args['ttfb-seconds']) },
  notes:
    "publicJs = the JS every public page loads (entry + its preloads, after the first paint); adminChunk = loaded only on /admin. Lighthouse 13 default config (mobile emulation, simulated throttling) through the gateway with the static build, each page requested once before (warm service caches); the posts are the scale bench's (12 paragraphs, nl and en). ttfb = autocannon through the gateway at 50 connections (per-client rate limits lifted), Accept-Encoding br, gzip; requestsPerSecond counts only answers with the route's status (404 for /no-such-page). Shared 2-core machine: performance varies run to run (--runs N keeps the median).",
  bundle,
  lighthouse: lighthouseResult,
  ttfb: ttfbResult,
}
mkdirSync(join(root, 'bench/results'), { recursive: true })
writeFileSync(join(root, 'bench/results/web.json'), `${JSON.stringify(out, null, 2)}\n`)
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`)
