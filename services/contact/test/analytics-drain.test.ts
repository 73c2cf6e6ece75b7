// @tier services
// The views list is read against the contract (PageView, packages/contracts): an entry that is not
// JSON or not of its shape is dropped and counted, the pass goes on and stores the others. A worker
// holds its recent days folded (OpenDays): a pass reads the day's new batches only, and the day's
// document is the one a whole rollup makes, across passes, two workers and a list Redis lost.
import t from 'tap'
import { Counter, Registry } from 'prom-client'
import mongoose from 'mongoose'
import { silentLog } from '@site/service-kit'
import { holdQueries, queryRecorder, testApp } from '@site/service-kit/testing'
import type { PageView } from '@site/contracts'
import { contact, contactTools } from './helpers/harness.js'
import { analyticsModels } from '../src/analytics/models.js'
import { drainKeys, drainOnce } from '../src/analytics/drain.js'
import { OpenDays } from '../src/analytics/open-days.js'
import { rollupDay, tallyDay } from '../src/analytics/rollup.js'

const h = contactTools(await testApp(contact('cadr')))
t.teardown(() => h.close())
const models = analyticsModels(h.app.db)
await Promise.all([models.hits, models.days, models.months].map((m) => m.createIndexes()))
const keys = drainKeys(h.config.QUEUE_PREFIX)
const day = new Date().toISOString().slice(0, 10)

const view = (extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    at: Date.now(),
    day,
    path: '/blog/a-post',
    lang: 'nl',
    ref: null,
    source: null,
    medium: null,
    campaign: null,
    device: 'desktop',
    visitor: 'aaa',
    ...extra,
  } satisfies Record<keyof PageView, unknown>)

t.test('entries not of the contract are dropped and counted; the others are stored', async (t) => {
  const registry = new Registry()
  const dropped = new Counter({ name: 'dropped_total', help: 'dropped', registers: [registry] })
  await h.app.redis.rpush(
    keys.hits,
    view(),
    'not json',
    '[]',
    view({ device: 'toaster' }),
    view({ day: 'yesterday' }),
    view({ at: 'now' }),
    view({ visitor: 42 }),
    view({ path: '' }),
    view({ path: `/${'x'.repeat(300)}` }),
    JSON.stringify({ at: Date.now(), day, path: '/', device: 'mobile' }),
    view({ path: '/en/blog/a-post', lang: 'en', visitor: null, device: 'mobile' }),
  )
  const stored = await drainOnce({
    redis: h.app.redis,
    prefix: h.config.QUEUE_PREFIX,
    models,
    log: silentLog,
    dropped,
  })
  t.equal(stored, 2, 'the two page views are stored')
  t.equal((await dropped.get()).values[0]?.value, 9, 'the nine other entries are dropped and counted')
  t.equal(await h.app.redis.llen(keys.hits), 0, 'the list is drained')
  const hits = await models.hits.find({}, { _id: 0, path: 1, device: 1, at: 1 }).lean()
  t.same(
    hits.map((x) => [x.path, x.device]),
    [
      ['/blog/a-post', 'desktop'],
      ['/en/blog/a-post', 'mobile'],
    ],
  )
  t.ok(
    hits.every((x) => x.at instanceof Date),
    'the instant stored as a date',
  )
  t.match(await models.days.findOne({ day }).lean(), { views: 2, visitors: 1, bots: 0 })
})

t.test('a held day folds its new batches only, and equals the whole rollup', async (t) => {
  const other = '2026-01-05'
  const deps = (open: OpenDays) => ({
    redis: h.app.redis,
    prefix: h.config.QUEUE_PREFIX,
    models,
    log: silentLog,
    open,
  })
  const sent: Record<string, unknown>[] = []
  // Visitors and rows recur across the parts: a visitor of part 1 seen again later is one visitor.
  const part = async (n: number) => {
    const views = Array.from({ length: 30 }, (_, i) => {
      const k = n * 30 + i
      return JSON.parse(
        view({
          day: other,
          path: `/blog/p-${k % 7}`,
          lang: k % 9 === 0 ? 'en' : 'nl',
          ref: k % 3 === 0 ? 'news.example' : null,
          source: k % 5 === 0 ? 'mail' : null,
          medium: k % 10 === 0 ? 'email' : null,
          device: (['desktop', 'mobile', 'tablet', 'bot'] as const)[k % 4],
          visitor: k % 6 === 0 ? null : `v${k % 13}`,
        }),
      ) as Record<string, unknown>
    })
    sent.push(...views)
    await h.app.redis.rpush(keys.hits, ...views.map((v) => JSON.stringify(v)))
  }
  const stored = async () => {
    const doc = await models.days.findOne({ day: other }, { _id: 0, raw: 0 }).lean()
    return doc
  }
  const whole = () => tallyDay(other, sent as never[])
  const { captured, during } = queryRecorder(mongoose)
  const a = new OpenDays()
  const b = new OpenDays()

  await part(0)
  await drainOnce(deps(a))
  t.same(await stored(), whole(), 'first pass: the day read whole')
  await part(1)
  await during('held day, one new batch', () => drainOnce(deps(a)))
  t.same(await stored(), whole(), 'second pass: the new batch folded in')
  const reads = captured['held day, one new batch']!.filter((q) => q.collection === 'analytics_hits')
  t.same(
    reads.map((q) => Object.keys(q.filter).sort()),
    [['batch', 'day']],
    'the pass read the one new batch, not the day',
  )

  await part(2)
  await drainOnce(deps(b))
  t.same(await stored(), whole(), 'another worker: the day read whole')
  await part(3)
  await drainOnce(deps(a))
  t.same(await stored(), whole(), 'the first worker folds the batches the other stored, and its own')

  await h.app.redis.del(keys.batches(other))
  await part(4)
  await drainOnce(deps(a))
  t.same(await stored(), whole(), 'the list lost (Redis): the day read whole again')
  await part(5)
  await drainOnce(deps(new OpenDays()))
  t.same(await stored(), whole(), 'a restarted worker: read whole')
  const again = await rollupDay(models, other)
  t.same(again, whole(), 'the whole rollup agrees')
  t.equal(whole().views + whole().bots, 180)
  holdQueries(t, h.app.db, captured, { bound: 30, size: 180 })
})
