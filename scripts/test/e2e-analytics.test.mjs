// @tier stack
// Issue 48 on the whole stack: three anonymous visits of a post with a UTM source (one answered from
// the gateway's cache) appear in the Analytics API per path and language, no cookie is set, and the
// store holds no address or user agent (read in the database and in Redis); a consultation request
// sent after reading the post is counted for that post and source; the Analytics tab shows them in
// Chromium, and the Blog tab the post's views. Polled, never timed: the worker drains every 300 ms.
import t from 'tap'
import { MongoClient } from 'mongodb'
import { Redis } from 'ioredis'
import { startStack } from '../lib/stack.mjs'
import { fetchProof } from '../lib/altcha.mjs'
import {
  axeViolations,
  collectPageErrors,
  launchBrowser,
  signInToAdmin,
} from '../../web/test/helpers/browser.js'

t.setTimeout(180_000)
const stack = await startStack({ env: { ANALYTICS_DRAIN_MS: '300', ANALYTICS_FLUSH_MS: '100' } })
t.teardown(() => stack.stop())
stack.seedAdmin('admin', 'analytics test password')
const site = stack.url
const origin = { 'x-requested-with': 'XMLHttpRequest', origin: site }

const login = await fetch(`${site}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', ...origin },
  body: JSON.stringify({ username: 'admin', password: 'analytics test password' }),
})
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]
const asAdmin = (method, path, body) =>
  fetch(`${site}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...origin, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
const created = await asAdmin('POST', '/api/blog', {
  slug: 'counted-post',
  title_nl: 'Geteld bericht',
  title_en: 'Counted post',
  excerpt_nl: 'Kort.',
  excerpt_en: 'Short.',
  content_nl: '<p>Inhoud.</p>',
  content_en: '<p>Body.</p>',
  author: 'Test Author',
  published: true,
  tags: ['AI'],
})

// Three visitors: one address (the test's), three browsers.
const browser = (n) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/13${n}.0.0.0 Safari/537.36`
const visit = (path, n) =>
  fetch(`${site}${path}`, {
    headers: { 'user-agent': browser(n), referer: 'https://news.example.org/item' },
  })
const today = new Date().toISOString().slice(0, 10)
const report = async () => (await asAdmin('GET', `/api/admin/analytics?from=${today}&to=${today}`)).json()
async function until(read, done) {
  for (;;) {
    const v = await read()
    if (done(v)) return v
    await new Promise((r) => setTimeout(r, 200))
  }
}
const row = (r, path, lang) => r.paths.find((p) => p.path === path && p.lang === lang)

t.test('three anonymous visits, one from the cache, counted per path and language', async (t) => {
  t.equal(created.status, 201, 'post created')
  const answers = [
    await visit('/blog/counted-post?utm_source=x', 1),
    await visit('/blog/counted-post?utm_source=x', 2),
    await visit('/en/blog/counted-post?utm_source=x', 3),
  ]
  for (const res of answers) {
    t.equal(res.status, 200)
    t.equal(res.headers.get('set-cookie'), null, 'no cookie')
    await res.text()
  }
  t.match(answers[1].headers.get('cache-status'), /^gateway; hit/, 'the second answered from the cache')
  const r = await until(
    report,
    (r) => row(r, '/blog/counted-post', 'nl')?.views === 2 && row(r, '/en/blog/counted-post', 'en'),
  )
  t.match(row(r, '/blog/counted-post', 'nl'), { views: 2, visitors: 2 })
  t.match(row(r, '/en/blog/counted-post', 'en'), { views: 1, visitors: 1 })
  t.same(r.sources, [{ source: 'x', medium: null, campaign: null, views: 3, visitors: 3 }])
  t.same(r.referrers, [{ referrer: 'news.example.org', views: 3, visitors: 3 }])
  t.equal(r.totals.bots, 0)
})

t.test('a consultation request after reading the post counts for that post and source', async (t) => {
  const sent = await fetch(`${site}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': browser(1), ...origin },
    body: JSON.stringify({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'An MVP, please.',
      language: 'nl',
      altcha: await fetchProof(site),
    }),
  })
  t.equal(sent.status, 201)
  const r = await until(report, (r) => r.totals.conversions === 1)
  t.same(r.conversions, [{ post: '/blog/counted-post', lang: 'nl', source: 'x', count: 1 }])
})

t.test('the store holds no address and no user agent', async (t) => {
  const mongo = new MongoClient(process.env.MONGO_URL)
  t.teardown(() => mongo.close())
  const db = mongo.db(`${stack.env.QUEUE_PREFIX}_contact`)
  const hits = await db.collection('analytics_hits').find().toArray()
  t.equal(hits.length, 3, 'the three views, raw')
  t.ok(
    hits.every((h) => /^[0-9a-f]{32}$/.test(h.visitor)),
    'each with a day-hash of a visitor',
  )
  const stored = []
  for (const name of ['analytics_hits', 'analytics_days', 'analytics_months', 'analytics_conversions'])
    stored.push(JSON.stringify(await db.collection(name).find().toArray()))
  const contact = await db.collection('contacts').findOne({ email: 'ada@example.com' })
  t.ok(contact, 'the request itself is stored')
  const redis = new Redis(process.env.REDIS_URL)
  t.teardown(() => redis.disconnect())
  for (const key of await redis.keys(`${stack.env.QUEUE_PREFIX}:analytics:*`)) {
    const type = await redis.type(key)
    if (type === 'hash') stored.push(JSON.stringify(await redis.hgetall(key)))
    else if (type === 'list') stored.push(JSON.stringify(await redis.lrange(key, 0, -1)))
    else if (type === 'string') stored.push(String(await redis.get(key)))
  }
  const all = stored.join('\n')
  for (const secret of [
    '127.0.0.1',
    '::1',
    'Chrome/131',
    'Mozilla',
    'ada@example.com',
    contact._id.toString(),
  ])
    t.notOk(all.includes(secret), `no ${secret} in the analytics store`)
})

t.test('the Analytics tab and the Blog tab show the numbers in Chromium', async (t) => {
  const chromium = await launchBrowser({ baseURL: site })
  t.teardown(() => chromium.close())
  const page = await chromium.newPage()
  const errors = collectPageErrors(page, { ignore: [/status of 401/] })
  await signInToAdmin(page, 'admin', 'analytics test password')
  await page.getByRole('tab', { name: 'Analytics', exact: true }).click()
  await page.getByTestId('analytics-chart').waitFor()
  t.match(await page.getByTestId('analytics-totals').textContent(), /Views3/)
  t.match(await page.getByTestId('analytics-pages-nl').textContent(), /\/blog\/counted-post22/)
  t.match(await page.getByTestId('analytics-pages-en').textContent(), /\/en\/blog\/counted-post11/)
  t.match(await page.getByTestId('analytics-conversions').textContent(), /\/blog\/counted-postnlx1/)
  await page.getByRole('button', { name: 'Last 7 days' }).click()
  await page.getByRole('button', { name: 'Last 7 days', pressed: true }).waitFor()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  const csv = await (await download.createReadStream()).toArray()
  t.match(Buffer.concat(csv).toString(), /\/blog\/counted-post,nl,2,2/, 'the CSV holds the rows')
  t.same(await axeViolations(page), [], 'axe: the Analytics tab')
  await page.getByRole('tab', { name: 'Blog', exact: true }).click()
  t.equal(await page.getByTestId('post-views').first().textContent(), '3 views in 30 days')
  t.same(errors, [], 'no page errors')
})
