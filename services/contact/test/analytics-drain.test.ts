// @tier services
// The views list is read against the contract (PageView, packages/contracts): an entry that is not
// JSON or not of its shape is dropped and counted, the pass goes on and stores the others.
import t from 'tap'
import { Counter, Registry } from 'prom-client'
import { silentLog } from '@site/service-kit'
import { testApp } from '@site/service-kit/testing'
import type { PageView } from '@site/contracts'
import { contact, contactTools } from './helpers/harness.js'
import { analyticsModels } from '../src/analytics/models.js'
import { drainKeys, drainOnce } from '../src/analytics/drain.js'

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
