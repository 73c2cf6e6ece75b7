// @tier services
// Scheduled publishing of pages (docs/editorial.md), as the posts': a delayed job per page and
// moment on the content worker, acting only while the page still holds that moment, exactly once,
// recorded as the scheduler's write (history, audit, the gateway's purge of the page, the lists and
// the sitemap); the sweep at the worker's start acts on moments that passed while no worker ran.
// Time is an input here, not a wait (issue 43), as in services/blog/test/schedule.test.ts: each
// save's job is checked to be delayed to its moment, and the moment is reached by making that job
// due now; the sweep's moment passes by moving it into the past in the database. The wall-clock
// path is the stack test's, web/test/editorial/schedule.test.ts.
import t, { type Test } from 'tap'
import { QUEUES, type Page, type PageSummary, type Paged } from '@site/contracts'
import { silentLog } from '@site/service-kit'
import { scheduleJobId } from '@site/service-kit/editorial'
import {
  dropQueue,
  firstSeen,
  listenForPurges,
  promoteJob,
  queuedJob,
  runJobNow,
  testApp,
} from '@site/service-kit/testing'
import { readWorkerConfig } from '../src/config.js'
import { pageModel } from '../src/models/page.js'
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
const Q = QUEUES.pageSchedule
type Action = 'publish' | 'unpublish'
const jobOf = (id: string, action: Action, at: string) => scheduleJobId('page', id, action, new Date(at))
/** The save queued the job of `at`, delayed to that moment. */
async function queuedFor(t: Test, id: string, action: Action, at: string) {
  const job = await queuedJob(Q, s.env, jobOf(id, action, at))
  t.equal(job?.state, 'delayed', `${action} job queued, delayed`)
  const off = (job?.dueAt ?? 0) - Date.parse(at)
  t.ok(Math.abs(off) < 2000, `due at its moment (${off} ms off)`)
}
const runNow = (pageId: string, action: Action, at: string) => runJobNow(Q, s.env, { pageId, action, at })

t.test(
  'a page scheduled ahead: absent before, public within 1 s of its moment, across a worker restart',
  async (t) => {
    await startWorker()
    // The public list is cached by the service: a visitor's read before the moment fills it.
    t.same(await visible('ahead'), { page: false, list: false })
    const at = ahead(60_000)
    const created = await s.call('POST', '/api/pages', page('ahead', { publish_at: at }), s.admin)
    t.equal(created.statusCode, 201, created.body)
    const { id, publish_at, published } = created.json<Page>()
    t.equal(publish_at, at)
    t.equal(published, false)
    // The worker goes away and a new one starts before the moment: the delayed job is in Redis.
    await stopWorker()
    await startWorker()
    await queuedFor(t, id, 'publish', at)
    t.same(await visible('ahead'), { page: false, list: false }, 'before its moment: absent')
    const due = Date.now()
    await promoteJob(Q, s.env, jobOf(id, 'publish', at)) // its moment
    const seen = await waitPublic('ahead', 3000)
    t.ok(seen, 'public at its moment')
    t.ok(seen! - due < 1000, `public ${seen! - due} ms after its moment`)
    const stored = (await s.call('GET', `/api/pages/${id}`, undefined, s.admin)).json<Page>()
    t.match(stored, { published: true, publish_at: null })
    // The record follows the caches' clearing (so no purge is answered from a stale cache).
    const recorded = await firstSeen(async () => (await history(id))[0]?.[0] === 'publish', 1000)
    t.ok(recorded, 'recorded')
    t.same((await history(id))[0], ['publish', 'scheduler'], 'published by the scheduler, in the history')
    t.equal((await history(id)).filter(([a]) => a === 'publish').length, 1, 'once')
    t.same(await runNow(id, 'publish', at), { done: false }, 'a second run: nothing')
    // The gateway drops the page, the lists and the sitemap (they carry `pages`).
    const purged = () => purges.all.some((m) => m.keys.includes(`page:${id}`) && m.keys.includes('pages'))
    t.ok(await firstSeen(async () => purged(), 1000), 'the purge of the page and the lists is announced')
  },
)

t.test('a moved or cleared time: the old job does nothing', async (t) => {
  const first = ahead(60_000)
  const body = (slug: string) => page(slug, { publish_at: first })
  const moved = (await s.call('POST', '/api/pages', body('moved'), s.admin)).json<Page>()
  const cleared = (await s.call('POST', '/api/pages', body('cleared'), s.admin)).json<Page>()
  const later = ahead(120_000)
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
  t.equal((await history(cleared.id))[0]![0], 'unschedule', 'a cleared time is recorded as clearing it')
  t.equal(await queuedJob(Q, s.env, jobOf(moved.id, 'publish', first)), null, 'the old job is taken off')
  t.equal(await queuedJob(Q, s.env, jobOf(cleared.id, 'publish', first)), null, 'the cleared one too')
  await queuedFor(t, moved.id, 'publish', later)
  // The first moment comes (its jobs run, as when their removal was lost): nothing happens.
  for (const p of [moved, cleared]) t.same(await runNow(p.id, 'publish', first), { done: false })
  t.same(await visible('moved'), { page: false, list: false }, 'not at its first time')
  t.same(await visible('cleared'), { page: false, list: false }, 'a cleared time publishes nothing')
  await promoteJob(Q, s.env, jobOf(moved.id, 'publish', later))
  t.ok(await waitPublic('moved', 3000), 'at its new time')
  t.same(await runNow(moved.id, 'publish', later), { done: false }, 'a second run: nothing')
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

t.test('a restore never switches a page on or off the site (issue 45)', async (t) => {
  const made = (await s.call('POST', '/api/pages', page('switch', { published: true }), s.admin)).json<Page>()
  const off = await s.call('PUT', `/api/pages/${made.id}`, page('switch', { title_en: 'Off' }), s.admin)
  t.match(off.json(), { published: false })
  const created = (await s.app.changes.log.history('page', made.id)).find((r) => r.action === 'create')!
  const restored = await s.call('POST', `/api/pages/${made.id}/revisions/${created.id}/restore`, {}, s.admin)
  t.equal(restored.statusCode, 200, restored.body)
  t.match(restored.json(), { published: false, title_en: 'Scheduled switch' }, 'the content, not the switch')
  t.same(await visible('switch'), { page: false, list: false })
})

t.test('unpublish_at takes a published page off the site', async (t) => {
  const at = ahead(60_000)
  const res = await s.call(
    'POST',
    '/api/pages',
    page('ending', { published: true, unpublish_at: at }),
    s.admin,
  )
  t.equal(res.statusCode, 201, res.body)
  const { id } = res.json<Page>()
  t.same(await visible('ending'), { page: true, list: true })
  await queuedFor(t, id, 'unpublish', at)
  await promoteJob(Q, s.env, jobOf(id, 'unpublish', at))
  const gone = async () => Object.values(await visible('ending')).every((v) => !v)
  t.ok(await firstSeen(gone, 3000), 'off the site at its moment')
  t.same(await visible('ending'), { page: false, list: false })
  t.same((await history(id))[0], ['unpublish', 'scheduler'])
})

t.test('a moment that passed while no worker ran: the sweep at start publishes it', async (t) => {
  await stopWorker()
  const at = ahead(60_000)
  const created = await s.call('POST', '/api/pages', page('while-down', { publish_at: at }), s.admin)
  t.equal(created.statusCode, 201)
  // Drop the delayed job too, as a lost Redis would: only the database knows the moment. The
  // moment passes (moved a second into the past where it is kept), and no worker runs.
  await dropQueue(QUEUES.pageSchedule, s.env)
  const passed = new Date(Date.now() - 1000)
  await pageModel(s.app.db).updateOne({ _id: created.json<Page>().id }, { $set: { publish_at: passed } })
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
