// @tier services
// Scheduled publishing of pages (docs/editorial.md), as the posts': a delayed job per page and
// moment on the content worker, acting only while the page still holds that moment, exactly once,
// recorded as the scheduler's write (history, audit, the gateway's purge of the page, the lists and
// the sitemap); the sweep at the worker's start acts on moments that passed while no worker ran.
import t from 'tap'
import { QUEUES, type Page, type PageSummary, type Paged } from '@site/contracts'
import { silentLog } from '@site/service-kit'
import { dropQueue, firstSeen, listenForPurges, testApp } from '@site/service-kit/testing'
import { readWorkerConfig } from '../src/config.js'
import { startVariantsWorker } from '../src/jobs/worker-setup.js'
import { content } from './helpers.js'

const s = await testApp({ ...content, t })
const purges = await listenForPurges(s.env.REDIS_URL!, s.env.QUEUE_PREFIX!)
t.teardown(() => purges.close())
let workers: { close: () => Promise<unknown> }[] = []
async function startWorker() {
  workers = await startVariantsWorker(readWorkerConfig(s.env), silentLog)
}
async function stopWorker() {
  for (const c of workers) await c.close()
  workers = []
}
s.onClose(stopWorker)

const page = (slug: string, more: Record<string, unknown> = {}) => ({
  slug,
  title_nl: `Gepland ${slug}`,
  title_en: `Scheduled ${slug}`,
  content_nl: '<p>Tekst</p>',
  content_en: '<p>Text</p>',
  published: false,
  ...more,
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString()
/** What a visitor sees: the page itself and the public list (what the footer and the sitemap list). */
async function visible(slug: string) {
  const one = await s.call('GET', `/api/pages/slug/${slug}`)
  const list = (await s.call('GET', '/api/pages?pageSize=50')).json<Paged<PageSummary>>()
  return { page: one.statusCode === 200, list: list.items.some((p) => p.slug === slug) }
}
/** When the page was first seen public (itself and in the list), polling for `limitMs`. */
const waitPublic = (slug: string, limitMs: number) =>
  firstSeen(async () => Object.values(await visible(slug)).every(Boolean), limitMs)
const history = async (id: string) =>
  (await s.app.changes.log.history('page', id)).map((r) => [r.action, r.actor.name])

t.test(
  'a page scheduled 5 s ahead: absent before, public within 1 s after, across a worker restart',
  async (t) => {
    await startWorker()
    // The public list is cached by the service: a visitor's read before the moment fills it.
    t.same(await visible('five-seconds'), { page: false, list: false })
    const at = ahead(5000)
    const created = await s.call('POST', '/api/pages', page('five-seconds', { publish_at: at }), s.admin)
    t.equal(created.statusCode, 201, created.body)
    const { id, publish_at, published } = created.json<Page>()
    t.equal(publish_at, at)
    t.equal(published, false)
    // The worker goes away and a new one starts before the moment: the delayed job is in Redis.
    await stopWorker()
    await sleep(500)
    await startWorker()
    await sleep(Date.parse(at) - Date.now() - 500)
    t.same(await visible('five-seconds'), { page: false, list: false }, 'half a second before: absent')
    const seen = await waitPublic('five-seconds', 3000)
    t.ok(seen, 'public after its moment')
    t.ok(seen! - Date.parse(at) < 1000, `public ${seen! - Date.parse(at)} ms after its moment`)
    const stored = (await s.call('GET', `/api/pages/${id}`, undefined, s.admin)).json<Page>()
    t.match(stored, { published: true, publish_at: null })
    // The record follows the caches' clearing (so no purge is answered from a stale cache).
    const recorded = await firstSeen(async () => (await history(id))[0]?.[0] === 'publish', 1000)
    t.ok(recorded, 'recorded')
    t.same((await history(id))[0], ['publish', 'scheduler'], 'published by the scheduler, in the history')
    t.equal((await history(id)).filter(([a]) => a === 'publish').length, 1, 'once')
    // The gateway drops the page, the lists and the sitemap (they carry `pages`).
    const purged = () => purges.all.some((m) => m.keys.includes(`page:${id}`) && m.keys.includes('pages'))
    t.ok(await firstSeen(async () => purged(), 1000), 'the purge of the page and the lists is announced')
  },
)

t.test('a moved or cleared time: the old job does nothing', async (t) => {
  const first = Date.now() + 3000
  const body = (slug: string) => page(slug, { publish_at: new Date(first).toISOString() })
  const moved = (await s.call('POST', '/api/pages', body('moved'), s.admin)).json<Page>()
  const cleared = (await s.call('POST', '/api/pages', body('cleared'), s.admin)).json<Page>()
  const later = ahead(6000)
  const edit = await s.call('PUT', `/api/pages/${moved.id}`, page('moved', { publish_at: later }), s.admin)
  t.equal(edit.statusCode, 200, edit.body)
  const clear = await s.call(
    'PUT',
    `/api/pages/${cleared.id}`,
    page('cleared', { publish_at: null }),
    s.admin,
  )
  t.equal(clear.statusCode, 200, clear.body)
  t.equal((await history(moved.id))[0]![0], 'schedule', 'a new time is recorded as a schedule')
  await sleep(first - Date.now() + 1000)
  t.same(await visible('moved'), { page: false, list: false }, 'not at its first time')
  t.same(await visible('cleared'), { page: false, list: false }, 'a cleared time publishes nothing')
  t.ok(await waitPublic('moved', Date.parse(later) - Date.now() + 1000), 'at its new time')
  await sleep(300)
  t.equal((await history(moved.id)).filter(([a]) => a === 'publish').length, 1, 'published exactly once')
})

t.test('a save without the moments keeps them; a restore never brings one back', async (t) => {
  const at = ahead(60000)
  const made = (await s.call('POST', '/api/pages', page('kept', { publish_at: at }), s.admin)).json<Page>()
  const edit = await s.call('PUT', `/api/pages/${made.id}`, page('kept', { title_en: 'Edited' }), s.admin)
  t.match(edit.json(), { title_en: 'Edited', publish_at: at })
  await s.call('PUT', `/api/pages/${made.id}`, page('kept', { publish_at: null }), s.admin)
  const [, , created] = await s.app.changes.log.history('page', made.id)
  const restored = await s.call('POST', `/api/pages/${made.id}/revisions/${created!.id}/restore`, {}, s.admin)
  t.equal(restored.statusCode, 200, restored.body)
  t.match(restored.json(), { publish_at: null, published: false })
})

t.test('unpublish_at takes a published page off the site', async (t) => {
  const at = ahead(1500)
  const res = await s.call(
    'POST',
    '/api/pages',
    page('ending', { published: true, unpublish_at: at }),
    s.admin,
  )
  t.equal(res.statusCode, 201, res.body)
  t.same(await visible('ending'), { page: true, list: true })
  await sleep(Date.parse(at) - Date.now() + 700)
  t.same(await visible('ending'), { page: false, list: false })
  t.same((await history(res.json<Page>().id))[0], ['unpublish', 'scheduler'])
})

t.test('a moment that passed while no worker ran: the sweep at start publishes it', async (t) => {
  await stopWorker()
  const at = ahead(800)
  const created = await s.call('POST', '/api/pages', page('while-down', { publish_at: at }), s.admin)
  t.equal(created.statusCode, 201)
  // Drop the delayed job too, as a lost Redis would: only the database knows the moment.
  await dropQueue(QUEUES.pageSchedule, s.env)
  await sleep(1200)
  t.same(await visible('while-down'), { page: false, list: false })
  await startWorker()
  t.ok(await waitPublic('while-down', 3000), 'published by the sweep at start')
})

t.test('the rules, and bad dates, in the admin terms', async (t) => {
  const published = await s.call(
    'POST',
    '/api/pages',
    page('rules-1', { published: true, publish_at: ahead(60000) }),
    s.admin,
  )
  t.equal(published.statusCode, 400)
  t.match(published.json(), { message: /published page cannot be scheduled/ })
  const past = await s.call('POST', '/api/pages', page('rules-2', { unpublish_at: ahead(-1000) }), s.admin)
  t.equal(past.statusCode, 400)
  t.match(past.json(), { message: 'The end of publication must lie in the future.' })
  const order = await s.call(
    'POST',
    '/api/pages',
    page('rules-3', { publish_at: ahead(60000), unpublish_at: ahead(30000) }),
    s.admin,
  )
  t.equal(order.statusCode, 400)
  t.match(order.json(), { message: /after the publish time/ })
  for (const [field, label] of [
    ['publish_at', 'Publish at'],
    ['unpublish_at', 'Take offline at'],
  ]) {
    const bad = await s.call('POST', '/api/pages', page('rules-4', { [field]: 'tomorrow' }), s.admin)
    t.equal(bad.statusCode, 400)
    t.match(bad.json(), {
      message: `${label} must be a date and time with its zone, for example 2026-12-01T09:00:00+01:00`,
    })
  }
  t.equal(
    (await s.call('GET', '/api/pages/slug/rules-4', undefined, s.admin)).statusCode,
    404,
    'nothing saved',
  )
})
