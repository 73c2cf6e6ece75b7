// Web bench (JSON out): the public JS the browser downloads for a public page (gzip), the admin
// chunk (loaded only on /admin), and Lighthouse (performance, accessibility, SEO, best practices)
// on / and /blog/:slug against the real stack, with the system Chromium.
// `npm run bench:web` or `node_modules/.bin/node bench/web/run.mjs [--no-build]` (Node 24: the services'
// native modules are built for it) → prints JSON and writes bench/results/web.json.
import { execFileSync, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ensureInfra, root } from '../../scripts/lib/infra.mjs'

const log = (m) => process.stderr.write(`[bench:web] ${m}\n`)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const dist = join(root, 'web/dist')

if (!process.argv.includes('--no-build')) {
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
try {
  stack = await startStack()
  const username = 'bench-admin'
  const password = 'bench-admin-password-1'
  execFileSync(process.execPath, [join(root, 'services/auth/dist/seed.js')], {
    env: {
      ...process.env,
      ...stack.env,
      MONGO_DB: `${stack.env.QUEUE_PREFIX}_auth`,
      ADMIN_USERNAME: username,
      ADMIN_PASSWORD: password,
    },
    stdio: 'ignore',
  })
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
  const paragraph =
    '<p>AI-driven development lets a small team ship a working prototype in days. We start with a free intake, write an MVP plan within 48 hours and build the MVP in 5 days.</p>'
  const post = {
    slug: 'bench-post',
    title_nl: 'Een MVP in vijf dagen',
    title_en: 'An MVP in five days',
    excerpt_nl: 'Hoe wij in vijf dagen een werkend MVP bouwen.',
    excerpt_en: 'How we build a working MVP in five days.',
    content_nl: paragraph.repeat(12),
    content_en: paragraph.repeat(12),
    meta_description_nl: 'Hoe wij in vijf dagen een werkend MVP bouwen.',
    meta_description_en: 'How we build a working MVP in five days.',
    author: 'Bench',
    published: true,
    tags: ['AI', 'automation', 'business', 'team'],
  }
  const created = await fetch(`${stack.url}/api/blog`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify(post),
  })
  if (!created.ok) throw new Error(`seeding the post: ${created.status} ${await created.text()}`)

  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--no-first-run',
    ],
  })
  try {
    lighthouseResult = {}
    // Each public route type, in Dutch and English (server-rendered).
    for (const path of ['/', '/en', '/blog', '/en/blog', `/blog/${post.slug}`, `/en/blog/${post.slug}`]) {
      const run = await lighthouse(`${stack.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
      })
      const lhr = run.lhr
      const score = (id) =>
        lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100)
      const metric = (id) =>
        lhr.audits[id]?.numericValue == null ? null : Math.round(lhr.audits[id].numericValue)
      const failing = (id) =>
        lhr.categories[id].auditRefs
          .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score !== null && lhr.audits[r.id]?.score < 1)
          .map((r) => r.id)
      lighthouseResult[path] = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        seo: score('seo'),
        bestPractices: score('best-practices'),
        metricsMs: {
          fcp: metric('first-contentful-paint'),
          lcp: metric('largest-contentful-paint'),
          tbt: metric('total-blocking-time'),
          si: metric('speed-index'),
        },
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
        notPassing: {
          accessibility: failing('accessibility'),
          seo: failing('seo'),
          bestPractices: failing('best-practices'),
        },
        runtimeError: lhr.runtimeError?.message ?? null,
      }
      log(`${path}: ${JSON.stringify(lighthouseResult[path])}`)
    }
  } finally {
    await chrome.kill()
  }
} finally {
  await stack?.stop()
  await infra.stop()
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
  notes:
    'publicJs = the JS index.html loads (entry + modulepreloads) for every public route; adminChunk = loaded only on /admin. Lighthouse 13 default config (mobile emulation, simulated throttling) through the gateway with the static build; shared 2-core machine, so performance varies run to run.',
  bundle,
  lighthouse: lighthouseResult,
}
writeFileSync(join(root, 'bench/results/web.json'), `${JSON.stringify(out, null, 2)}\n`)
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`)
