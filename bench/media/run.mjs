// Media bench (issue 32), JSON out, in one run on the real stack: `--images` distinct photo-like
// JPEGs of 2,400 × 1,600 px uploaded to the media library with no content worker running, then
// `npm run media:backfill`'s own command over them (wall time and CPU: the backfill figure), then
// `--posts` published posts (1,000 by default) whose featured images cycle through them.
// /blog is then loaded in Chromium as a 390 × 844 phone (device pixel ratio `--dpr`, 3 by default),
// JavaScript off (the server's HTML decides what is fetched; without JavaScript Chromium loads lazy
// images too, so every card's image counts, in both runs alike):
// - before: the same HTML with its <source> elements removed, i.e. each card's <img src> (the
//   stored original), what /blog sent before the variants;
// - after: the page as served (<picture> with AVIF/WebP srcsets and sizes).
// Image bytes are the bodies of the image responses. Then Lighthouse (mobile) on /, /blog and a post,
// each asked for once before (as the next visitor finds it, as bench:web does): performance (the
// median of `--runs`, with why the LCP is what it is) and the image audits: explicit width and height (unsized-images) and, since Lighthouse
// 13 folded "properly size images" and "modern formats" into it, image-delivery-insight (score 1 =
// passed; the two old ids are reported as `absent`). `flagged` names the images an audit counts.
// `npm run bench:media -- [--no-build] [--posts 1000] [--images 24] [--dpr 3] [--runs 5] [--no-lighthouse]`
//   → prints JSON and writes bench/results/media.json.
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { ensureInfra, root } from '../../scripts/lib/infra.mjs'
import { adminHeaders, BENCH_STACK_ENV } from '../lib/stack.mjs'
import { CHROMIUM, launchChromium } from '../lib/chromium.mjs'
import { makePost } from '../scale/posts.mjs'
import { photo } from '../../scripts/test/lib/photo.mjs'

const log = (m) => process.stderr.write(`[bench:media] ${m}\n`)
const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    posts: { type: 'string', default: '1000' },
    images: { type: 'string', default: '24' },
    dpr: { type: 'string', default: '3' },
    'no-lighthouse': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
  },
})
const postCount = Number(args.posts)
const imageCount = Number(args.images)
const dpr = Number(args.dpr)

if (!args['no-build']) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

async function upload(stack, headers, bytes, name) {
  const form = new FormData()
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), name)
  const { 'content-type': _json, ...rest } = headers
  const res = await fetch(`${stack.url}/api/media`, { method: 'POST', headers: rest, body: form })
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`)
  return (await res.json()).url
}

async function seed(stack, headers, images) {
  let next = 0
  const worker = async () => {
    while (next < postCount) {
      const i = next++
      const body = { ...makePost(i), featured_image: images[i % images.length] }
      const res = await fetch(`${stack.url}/api/blog`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      })
      if (res.status !== 201) throw new Error(`seeding post ${i}: ${res.status} ${await res.text()}`)
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
}

/** Image bytes /blog makes a phone download, as served (`after`) or with its <source>s removed (`before`). */
async function imageBytes(browser, url, mode) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: dpr,
    isMobile: true,
    javaScriptEnabled: false,
  })
  const page = await context.newPage()
  if (mode === 'before') {
    await page.route('**/blog', async (route) => {
      const res = await route.fetch()
      const html = (await res.text()).replace(/<source [^>]*>/g, '')
      await route.fulfill({ response: res, body: html })
    })
  }
  const images = []
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'image') return
    const body = await res.body().catch(() => null)
    images.push({ path: new URL(res.url()).pathname, bytes: body?.length ?? 0 })
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(500)
  await context.close()
  const stored = images.filter((i) => i.path.startsWith('/objects/'))
  return {
    images: stored.length,
    bytes: stored.reduce((s, i) => s + i.bytes, 0),
    sample: stored.slice(0, 3).map((i) => i.path),
  }
}

/**
 * Why the LCP is what it is: FCP and TBT beside it, the LCP element, its phases as observed
 * (unthrottled), and what was fetched before the observed LCP by type (the simulated network shares
 * its bandwidth among those).
 */
function lcpDiagnosis(lhr) {
  const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? 0)
  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {}
  const element =
    lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node ??
    lhr.audits['lcp-breakdown-insight']?.details?.items?.[1]
  const phases = (lhr.audits['lcp-breakdown-insight']?.details?.items?.[0]?.items ?? []).map((p) => ({
    phase: p.label ?? p.subpart,
    ms: Math.round(p.duration ?? 0),
  }))
  const before = {}
  for (const r of lhr.audits['network-requests']?.details?.items ?? []) {
    if (r.networkRequestTime > (observed.observedLargestContentfulPaint ?? Infinity)) continue
    const k = r.resourceType ?? 'Other'
    before[k] ??= { requests: 0, kB: 0 }
    before[k].requests++
    before[k].kB = Math.round((before[k].kB + (r.transferSize ?? 0) / 1024) * 10) / 10
  }
  return {
    fcpMs: ms('first-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    lcpElement: element?.snippet ?? null,
    lcpObservedMs: Math.round(observed.observedLargestContentfulPaint ?? 0),
    lcpPhases: phases,
    fetchedBeforeLcp: before,
  }
}

async function lighthouseRun(chrome, url) {
  const { default: lighthouse } = await import('lighthouse')
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  // score null with mode notApplicable: nothing to flag (Lighthouse's pass for these audits).
  const items = (id) =>
    (lhr.audits[id]?.details?.items ?? []).slice(0, 5).map((i) => ({
      url: typeof i.url === 'string' ? new URL(i.url).pathname : (i.node?.snippet ?? null),
      wastedKb: i.wastedBytes == null ? null : Math.round(i.wastedBytes / 1024),
      reasons: (i.subItems?.items ?? []).map((s) => s.reason ?? s.type ?? null).filter(Boolean),
    }))
  const audit = (id) => ({
    flagged: items(id),
    score: lhr.audits[id]?.score ?? null,
    mode: lhr.audits[id]?.scoreDisplayMode ?? 'absent',
    wastedKb:
      lhr.audits[id]?.details?.overallSavingsBytes == null
        ? null
        : Math.round(lhr.audits[id].details.overallSavingsBytes / 1024),
  })
  return {
    performance:
      lhr.categories.performance?.score == null ? null : Math.round(lhr.categories.performance.score * 100),
    properlySized: audit('uses-responsive-images'),
    modernFormats: audit('modern-image-formats'),
    explicitSize: audit('unsized-images'),
    imageDeliveryInsight: audit('image-delivery-insight'),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    ...lcpDiagnosis(lhr),
    runtimeError: lhr.runtimeError?.message ?? null,
  }
}

const infra = await ensureInfra({ name: 'bench', log })
process.env.MONGO_URL = infra.mongoUrl
process.env.REDIS_URL = infra.redisUrl
const { startStack } = await import('../../scripts/lib/stack.mjs')
let stack
let report
try {
  // No content worker: the uploads wait for the backfill, which is measured here.
  stack = await startStack({ env: BENCH_STACK_ENV, only: ['auth', 'content', 'blog', 'web', 'gateway'] })
  log(`stack ${JSON.stringify(stack.ports)}`)
  const headers = await adminHeaders(stack)
  const images = []
  for (let i = 0; i < imageCount; i++)
    images.push(await upload(stack, headers, await photo(i), `photo-${i}.jpg`))
  log(`uploaded ${imageCount} images`)

  const content = stack.supervisor.entries.find((e) => e.spec.name === 'content').spec.env
  const backfill = spawnSync('node', ['services/content/dist/backfill.js'], {
    cwd: root,
    env: { ...process.env, ...content, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  })
  if (backfill.status !== 0) throw new Error(`backfill: ${backfill.stderr}`)
  const backfillResult = JSON.parse(backfill.stdout.trim().split('\n').pop())
  log(`backfill ${JSON.stringify(backfillResult)}`)

  const t0 = Date.now()
  await seed(stack, headers, images)
  log(`seeded ${postCount} posts in ${Math.round((Date.now() - t0) / 1000)} s`)

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
  const before = await imageBytes(browser, `${stack.url}/blog`, 'before')
  const after = await imageBytes(browser, `${stack.url}/blog`, 'after')
  await browser.close()
  log(`/blog image bytes before ${before.bytes}, after ${after.bytes}`)

  let lighthouse = null
  if (!args['no-lighthouse']) {
    const chrome = await launchChromium()
    try {
      lighthouse = {}
      for (const path of ['/', '/blog', `/blog/${makePost(postCount - 1).slug}`]) {
        // As the next visitor finds it (bench:web does the same): the page has been asked for once,
        // so its reads are in the services' caches and the page in the gateway's.
        const warm = await fetch(`${stack.url}${path}`)
        if (!warm.ok) throw new Error(`${path}: ${warm.status}`)
        // Performance varies from run to run (total blocking time above all, on a machine that
        // also runs the stack): the median of `--runs` runs, as Lighthouse's docs advise. A run
        // that could not record its trace (NO_NAVSTART, now and then) has no score.
        const all = []
        for (let i = 0; i < Number(args.runs); i++)
          all.push(await lighthouseRun(chrome, `${stack.url}${path}`))
        const scored = all.filter((r) => r.performance !== null).sort((a, b) => a.performance - b.performance)
        lighthouse[path] = {
          ...(scored[Math.floor(scored.length / 2)] ?? all[0]),
          performanceRuns: all.map((r) => r.performance),
          tbtRuns: all.map((r) => r.tbtMs),
        }
        log(`Lighthouse ${path} ${JSON.stringify(lighthouse[path])}`)
      }
    } finally {
      await chrome.kill()
    }
  }
  report = {
    bench: 'media',
    at: new Date().toISOString(),
    posts: postCount,
    images: { count: imageCount, width: 2400, height: 1600 },
    phone: { width: 390, height: 844, deviceScaleFactor: dpr, javaScript: false },
    blogImageBytes: {
      before,
      after,
      ratio: before.bytes ? Number((after.bytes / before.bytes).toFixed(4)) : null,
      atMostAThird: before.bytes > 0 && after.bytes * 3 <= before.bytes,
    },
    backfill: backfillResult,
    lighthouse,
    note: 'before = /blog with its <source> elements removed (each card loads its stored original, as before the variants); after = /blog as served. JavaScript off in both: every card image is fetched. backfill = the one-off command over the uploaded images, in its own process (cpuSeconds counts libvips threads).',
  }
} finally {
  await stack?.stop()
  await infra.stop?.()
}
const out = JSON.stringify(report, null, 2)
console.log(out)
mkdirSync(join(root, 'bench/results'), { recursive: true })
writeFileSync(join(root, 'bench/results/media.json'), `${out}\n`)
