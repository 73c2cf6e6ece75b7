// @tier services
// The analytics store (issue 48): the gateway's views drained from Redis into raw views and daily
// rollups, the report of a period from the rollups alone, conversions as counts with no link to the
// request, the period's checks, the pruning of old raw views; every query indexed and listed in
// docs/queries.md, with four years of days and twenty days of raw views kept.
import t from 'tap'
import mongoose from 'mongoose'
import { silentLog } from '@site/service-kit'
import { holdQueries, pushedPart, queryRecorder, testApp } from '@site/service-kit/testing'
import { contact, contactTools, request } from './helpers/harness.js'
import { analyticsModels } from '../src/analytics/models.js'
import { drainKeys, drainOnce, pruneHits } from '../src/analytics/drain.js'
import { tallyDay } from '../src/analytics/rollup.js'
import { mergeMissingMonths, monthOf, rollupMonth } from '../src/analytics/months.js'
import { analyticsReport } from '../src/analytics/report.js'

const h = contactTools(await testApp(contact('cana')))
t.teardown(() => h.close())
const models = analyticsModels(h.app.db)
await Promise.all([models.hits, models.days, models.months, models.conversions].map((m) => m.createIndexes()))
const prefix = h.config.QUEUE_PREFIX
const keys = drainKeys(prefix)
const deps = { redis: h.app.redis, prefix, models, log: silentLog }

const DAY = 86_400_000
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const today = dayOf(Date.now())

// Four years of rolled-up days and twenty days of raw views, as a site that has run a while.
const start = Date.now() - 4 * 365 * DAY
const old = Array.from({ length: 4 * 365 - 1 }, (_, i) => tallyDay(dayOf(start + i * DAY), []))
await models.days.collection.insertMany(
  old.map((d, i) => ({ ...d, ...(i > old.length - 21 ? { raw: true } : {}) })),
)
const rawDays = old.slice(-20).map((d) => d.day)
for (const day of rawDays)
  await models.hits.collection.insertMany(
    Array.from({ length: 200 }, (_, i) => ({
      at: new Date(`${day}T12:00:00Z`),
      day,
      path: `/blog/post-${i % 7}`,
      lang: 'nl',
      ref: null,
      source: null,
      medium: null,
      campaign: null,
      device: 'desktop',
      visitor: `v${i % 50}`,
    })),
  )

const hit = (extra: Record<string, unknown>) =>
  JSON.stringify({
    at: Date.now(),
    day: today,
    path: '/blog/a-post',
    lang: 'nl',
    ref: null,
    source: null,
    medium: null,
    campaign: null,
    device: 'desktop',
    visitor: 'aaa',
    ...extra,
  })

const { captured, during } = queryRecorder(mongoose)
const admin = { cookie: h.admin.cookie }
const report = async (from = today, to = today) =>
  (await h.call('GET', `/api/admin/analytics?from=${from}&to=${to}`, undefined, admin)).json()

t.test('views drained and rolled up: per path and language, visitors per day, bots apart', async (t) => {
  await h.app.redis.rpush(
    keys.hits,
    hit({ source: 'x', medium: 'mail' }),
    hit({ source: 'x', visitor: 'bbb', device: 'mobile' }),
    hit({ path: '/en/blog/a-post', lang: 'en', ref: 'news.example', visitor: 'aaa' }),
    hit({ path: '/', visitor: null }),
    hit({ path: '/', device: 'bot', visitor: null }),
    'not json',
  )
  let stored = 0
  await during('drain and rollup', async () => void (stored = await drainOnce(deps)))
  t.equal(stored, 5, 'five views stored, the broken entry dropped')
  t.equal(await h.app.redis.llen(keys.hits), 0, 'the list is drained')
  let r = {} as Awaited<ReturnType<typeof report>>
  await during('admin read', async () => void (r = await report()))
  t.same(r.totals, { views: 4, visitors: 2, bots: 1, conversions: 0 })
  t.same(r.days, [{ day: today, views: 4, visitors: 2, bots: 1 }])
  t.same(r.devices, { desktop: 3, mobile: 1, tablet: 0 })
  const path = (p: string, lang: string) =>
    r.paths.find((x: { path: string; lang: string }) => x.path === p && x.lang === lang)
  t.match(path('/blog/a-post', 'nl'), { views: 2, visitors: 2 })
  t.match(path('/en/blog/a-post', 'en'), { views: 1, visitors: 1 })
  t.match(path('/', 'nl'), { views: 1, visitors: 0 }, 'a view without a hash (GPC) counts as a view only')
  t.equal(r.posts.length, 2, 'the posts, each language apart')
  t.same(r.referrers, [{ referrer: 'news.example', views: 1, visitors: 1 }])
  t.same(r.sources, [
    { source: 'x', medium: 'mail', campaign: null, views: 1, visitors: 1 },
    { source: 'x', medium: null, campaign: null, views: 1, visitors: 1 },
  ])
  const again = await drainOnce(deps)
  const month = await models.months.findById(today.slice(0, 7)).lean()
  t.match(month, { views: 4, visitors: 2, bots: 1 }, "the day's month is merged again in the same pass")
  t.same(month?.days.at(-1), { day: today, views: 4, visitors: 2, bots: 1 })
  t.equal(again, 0, 'nothing left')
  t.same((await report()).totals, r.totals, 'a rollup again changes nothing (idempotent)')
})

t.test('a consultation request counts for its visit, with no link to the request', async (t) => {
  const visit = new URLSearchParams({ entry: '/en', post: '/en/blog/a-post', source: 'x' }).toString()
  await during('conversion', async () => {
    t.equal(
      (
        await h.call(
          'POST',
          '/api/contacts',
          { ...request({ language: 'en' }), altcha: await h.proof() },
          {
            'x-site-visit': visit,
          },
        )
      ).statusCode,
      201,
    )
    t.equal(
      (
        await h.call(
          'POST',
          '/api/contacts',
          { ...request({ language: 'en' }), altcha: await h.proof() },
          {
            'x-site-visit': visit,
          },
        )
      ).statusCode,
      201,
    )
    t.equal((await h.submit(request())).statusCode, 201)
  })
  const r = await report()
  t.equal(r.totals.conversions, 3)
  t.same(r.conversions, [
    { post: '/en/blog/a-post', lang: 'en', source: 'x', count: 2 },
    { post: null, lang: 'nl', source: null, count: 1 },
  ])
  const stored = await models.conversions.find({}).lean()
  const fields = new Set(stored.flatMap((c) => Object.keys(c)))
  t.same(
    [...fields].sort(),
    ['_id', 'count', 'day', 'entry', 'lang', 'month', 'post', 'source'],
    'no id, time or person',
  )
})

t.test('the period in the user terms: bad dates, reversed, too long, not signed in', async (t) => {
  const status = async (q: string, headers = admin) =>
    (await h.call('GET', `/api/admin/analytics?${q}`, undefined, headers)).json()
  t.match(await status('from=2026-13-01&to=2026-12-31'), { statusCode: 400, code: 'BAD_PERIOD' })
  t.match(await status('from=yesterday&to=2026-12-31'), { statusCode: 400, message: /YYYY-MM-DD/ })
  t.match(await status('from=2026-02-01&to=2026-01-01'), { statusCode: 400, message: /start on or before/ })
  t.match(await status('from=2020-01-01&to=2026-01-01'), { statusCode: 400, code: 'PERIOD_TOO_LONG' })
  t.match(await status(`from=${today}&to=${today}`, {} as typeof admin), { statusCode: 401 })
  const year = await report(dayOf(Date.now() - 364 * DAY), today)
  t.equal(year.days.length, 365, 'a year: every day, those without views as zeros')
  t.equal(year.totals.views, 4, 'the report reads the rollups only (the seeded raw days were not rolled up)')
})

t.test('a year through months: the report of its days, reading at most 14 months and 62 days', async (t) => {
  // Before the seeded four years: 2021-01-15 to 2022-01-20, partial months at both ends.
  const from = '2021-01-15'
  const to = '2022-01-20'
  const year = Array.from({ length: 396 }, (_, n) => dayOf(Date.parse('2021-01-01') + n * DAY)).map(
    (day, n) =>
      tallyDay(
        day,
        Array.from({ length: 40 + (n % 13) }, (_, i) => ({
          path: `${['', '/en', '/de'][i % 3]}/blog/p-${(i * 7 + n) % 11}`,
          lang: ['nl', 'en', 'de'][i % 3]!,
          ref: [null, 'a.example', 'b.example'][(i + n) % 3]!,
          source: i % 4 === 0 ? ['mail', 'x'][n % 2]! : null,
          medium: i % 8 === 0 ? 'email' : null,
          campaign: i % 16 === 0 ? `c${n % 3}` : null,
          device: ['desktop', 'mobile', 'tablet', 'desktop', 'bot'][(i + n) % 5]!,
          visitor: i % 5 === 0 ? null : `v${(i * n) % 9}`,
        })),
      ),
  )
  await models.days.collection.insertMany(year)
  const months = [...new Set(year.map((d) => d.month))]
  await during('month rollup', async () => {
    for (const month of months) await rollupMonth(models, month)
  })
  t.same(
    await models.months.findById('2021-02').lean(),
    monthOf(
      '2021-02',
      year.filter((d) => d.month === '2021-02'),
    ),
    'a month is its days merged',
  )
  const fromDays = await analyticsReport(models, from, to, { fromDays: true })
  let fromMonths = {} as Awaited<ReturnType<typeof report>>
  await during('admin year read', async () => void (fromMonths = await report(from, to)))
  t.same(fromMonths, fromDays, 'the same report through months as through days')
  t.equal(fromMonths.days.length, 371)
  t.ok(fromMonths.totals.views > 10_000 && fromMonths.totals.bots > 0, 'a year with views and bots')
  const rollups = captured['admin year read']!.filter((q) => q.collection !== 'analytics_conversions')
  let read = 0
  for (const q of rollups)
    read += await h.app.db.db!.collection(q.collection).countDocuments(pushedPart(q.filter))
  t.equal(rollups.filter((q) => q.collection === 'analytics_months').length, 11, 'the eleven whole months')
  t.equal(read, 11 + 31 + 31, 'the whole months, then the days of the two partial months')
  t.ok(read <= 14 + 62, `${read} rollup documents read for a year`)
})

t.test('months kept before the merge existed: merged once, then read as months', async (t) => {
  const from = dayOf(Date.now() - 364 * DAY)
  const before = await analyticsReport(models, from, today, { fromDays: true })
  let merged = 0
  await during('month backfill', async () => void (merged = await mergeMissingMonths(models)))
  t.ok(merged > 40, `${merged} months of the seeded four years merged`)
  t.equal(await mergeMissingMonths(models), 0, 'once: a second start merges nothing')
  t.same(await report(from, today), before, "the year's report through months is the one from days")
})

t.test('raw views older than the kept days go; their rollups stay', async (t) => {
  const cutoff = dayOf(Date.now() - 10 * DAY)
  const older = rawDays.filter((d) => d < cutoff)
  t.ok(
    older.length > 5 && older.length < rawDays.length,
    `${older.length} of ${rawDays.length} raw days are older`,
  )
  let gone = 0
  await during('prune', async () => void (gone = await pruneHits(models, 10)))
  t.equal(gone, older.length * 200, 'their raw views are deleted')
  t.equal(await models.hits.countDocuments({ day: rawDays.at(-1)! }), 200, 'the newer ones stay')
  t.equal(await models.hits.countDocuments({ day: rawDays[0] }), 0)
  t.equal(await models.days.countDocuments({ day: rawDays[0] }), 1, 'the rollup of the day stays')
})

// After the tests above (tap runs them in order): what they sent.
t.test('every query reads an index and is listed', async (t) => {
  t.same(Object.keys(captured), [
    'drain and rollup',
    'admin read',
    'conversion',
    'month rollup',
    'admin year read',
    'month backfill',
    'prune',
  ])
  holdQueries(t, h.app.db, captured, { bound: 400, size: 4 * 365 })
})
