// @tier services
// Scheduled publishing (docs/editorial.md): a delayed job per post and moment, acting only while the
// post still holds that moment, exactly once, recorded as the scheduler's write; a sweep at the
// worker's start acts on moments that passed while no worker ran. Time is an input here, not a wait
// (issue 43): each save's job is checked to be delayed to its moment, and the moment is reached by
// making that job due now; the sweep's moment passes by moving it into the past in the database.
// The wall-clock path (a delayed job firing on time, across a worker restart) is the stack test's,
// web/test/editorial/schedule.test.ts.
import t, { type Test } from 'tap'
import { QUEUES, type BlogPost } from '@site/contracts'
import { scheduleJobId } from '@site/service-kit/editorial'
import { dropQueue, firstSeen, promoteJob, queuedJob, runJobNow } from '@site/service-kit/testing'
import { postModel } from '../src/models/post.js'
import { blogApp } from './helpers.js'

const s = await blogApp()
t.teardown(() => s.close())

const post = (slug: string, more: Record<string, unknown> = {}) => ({
  slug,
  title_nl: `Gepland ${slug}`,
  title_en: `Scheduled ${slug}`,
  excerpt_nl: 'Kort',
  excerpt_en: 'Short',
  content_nl: '<p>Tekst</p>',
  content_en: '<p>Text</p>',
  ...more,
})
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString()
/** What a visitor sees: the post on its page and in the public list. */
async function visible(slug: string) {
  const page = await s.call('GET', `/api/blog/slug/${slug}`)
  const list = (await s.call('GET', '/api/blog?pageSize=50')).json<{ items: BlogPost[] }>()
  return { page: page.statusCode === 200, list: list.items.some((p) => p.slug === slug) }
}
/** When the post was first seen public (on its page and in the list), polling for `limitMs`. */
const waitPublic = (slug: string, limitMs: number) =>
  firstSeen(async () => Object.values(await visible(slug)).every(Boolean), limitMs)

let workers: { close: () => Promise<void> }[] = []
const Q = QUEUES.blogSchedule
const jobOf = (id: string, action: 'publish' | 'unpublish', at: string) =>
  scheduleJobId('post', id, action, new Date(at))
/** The save queued the job of `at`, delayed to that moment. */
async function queuedFor(t: Test, id: string, action: 'publish' | 'unpublish', at: string) {
  const job = await queuedJob(Q, s.env, jobOf(id, action, at))
  t.equal(job?.state, 'delayed', `${action} job queued, delayed`)
  const off = (job?.dueAt ?? 0) - Date.parse(at)
  t.ok(Math.abs(off) < 2000, `due at its moment (${off} ms off)`)
}
const absentOrGone = async (slug: string) => Object.values(await visible(slug)).every((v) => !v)

t.test('a post scheduled ahead is absent before and public within 1 s of its moment, once', async (t) => {
  workers = await s.startWorker()
  const at = ahead(60_000)
  const created = await s.call('POST', '/api/blog', post('ahead', { publish_at: at }), s.admin)
  t.equal(created.statusCode, 201, created.body)
  const { id, publish_at, published } = created.json<BlogPost>()
  t.equal(publish_at, at)
  t.equal(published, false)
  await queuedFor(t, id, 'publish', at)
  t.same(await visible('ahead'), { page: false, list: false }, 'before its moment: absent')
  const due = Date.now()
  await promoteJob(Q, s.env, jobOf(id, 'publish', at)) // its moment
  const seen = await waitPublic('ahead', 3000)
  t.ok(seen, 'public at its moment')
  t.ok(seen! - due < 1000, `public ${seen! - due} ms after its moment`)
  const stored = (await s.call('GET', `/api/blog/${id}`, undefined, s.admin)).json<BlogPost>()
  t.match(stored, { published: true, publish_at: null })
  const history = await s.app.changes.log.history('post', id)
  t.same(
    history.map((r) => [r.action, r.actor.name]),
    [
      ['publish', 'scheduler'],
      ['create', 'editor'],
    ],
    'published once, by the scheduler, in the history',
  )
  t.same(
    await runJobNow(Q, s.env, { postId: id, action: 'publish', at }),
    { done: false },
    'a second run: nothing',
  )
})

t.test('a moved or cleared time: the old job does nothing', async (t) => {
  const first = ahead(60_000)
  const moved = (
    await s.call('POST', '/api/blog', post('moved', { publish_at: first }), s.admin)
  ).json<BlogPost>()
  const cleared = (
    await s.call('POST', '/api/blog', post('cleared', { publish_at: first }), s.admin)
  ).json<BlogPost>()
  const later = ahead(120_000)
  const edit = await s.call('PUT', `/api/blog/${moved.id}`, { publish_at: later }, s.admin)
  t.equal(edit.statusCode, 200, edit.body)
  t.equal((await s.call('PUT', `/api/blog/${cleared.id}`, { publish_at: null }, s.admin)).statusCode, 200)
  const [record] = await s.app.changes.log.history('post', moved.id)
  t.equal(record!.action, 'schedule', 'a new time is recorded as a schedule')
  const [clearing] = await s.app.changes.log.history('post', cleared.id)
  t.equal(clearing!.action, 'unschedule', 'a cleared time is recorded as clearing the schedule')
  t.equal(await queuedJob(Q, s.env, jobOf(moved.id, 'publish', first)), null, 'the old job is taken off')
  t.equal(await queuedJob(Q, s.env, jobOf(cleared.id, 'publish', first)), null, 'the cleared one too')
  await queuedFor(t, moved.id, 'publish', later)
  // The first moment comes (its jobs run, as when their removal was lost): nothing happens.
  for (const p of [moved, cleared])
    t.same(await runJobNow(Q, s.env, { postId: p.id, action: 'publish', at: first }), { done: false })
  t.same(await visible('moved'), { page: false, list: false }, 'not at its first time')
  t.same(await visible('cleared'), { page: false, list: false }, 'a cleared time publishes nothing')
  await promoteJob(Q, s.env, jobOf(moved.id, 'publish', later))
  t.ok(await waitPublic('moved', 3000), 'at its new time')
  t.same(await runJobNow(Q, s.env, { postId: moved.id, action: 'publish', at: later }), { done: false })
  t.equal(
    (await s.app.changes.log.history('post', moved.id)).filter((r) => r.action === 'publish').length,
    1,
    'published exactly once',
  )
})

t.test('unpublish_at takes a published post off the site', async (t) => {
  const at = ahead(60_000)
  const res = await s.call(
    'POST',
    '/api/blog',
    post('ending', { published: true, unpublish_at: at }),
    s.admin,
  )
  t.equal(res.statusCode, 201, res.body)
  const { id } = res.json<BlogPost>()
  t.same(await visible('ending'), { page: true, list: true })
  await queuedFor(t, id, 'unpublish', at)
  await promoteJob(Q, s.env, jobOf(id, 'unpublish', at))
  t.ok(await firstSeen(() => absentOrGone('ending'), 3000), 'off the site at its moment')
  t.same(await visible('ending'), { page: false, list: false })
  const [record] = await s.app.changes.log.history('post', id)
  t.match(record, { action: 'unpublish', actor: { name: 'scheduler' } })
})

t.test('a moment that passed while no worker ran: the sweep at start publishes it', async (t) => {
  for (const c of workers) await c.close()
  const at = ahead(60_000)
  const created = await s.call('POST', '/api/blog', post('while-down', { publish_at: at }), s.admin)
  t.equal(created.statusCode, 201)
  // Drop the delayed job too, as a lost Redis would: only the database knows the moment. The
  // moment passes (moved a second into the past where it is kept), and no worker runs.
  await dropQueue(QUEUES.blogSchedule, s.env)
  const passed = new Date(Date.now() - 1000)
  const { id } = created.json<BlogPost>()
  await postModel(s.app.db).updateOne({ _id: id }, { $set: { publish_at: passed } })
  t.same(await visible('while-down'), { page: false, list: false })
  await s.startWorker()
  t.ok(await waitPublic('while-down', 3000), 'published by the sweep at start')
})

t.test('the rules: no schedule on a published post, an end ahead and after the start', async (t) => {
  const published = await s.call(
    'POST',
    '/api/blog',
    post('rules-1', { published: true, publish_at: ahead(60000) }),
    s.admin,
  )
  t.equal(published.statusCode, 400)
  t.match(published.json(), { message: /published post cannot be scheduled/ })
  const past = await s.call('POST', '/api/blog', post('rules-2', { unpublish_at: ahead(-1000) }), s.admin)
  t.equal(past.statusCode, 400)
  const order = await s.call(
    'POST',
    '/api/blog',
    post('rules-3', { publish_at: ahead(60000), unpublish_at: ahead(30000) }),
    s.admin,
  )
  t.equal(order.statusCode, 400)
  t.match(order.json(), { message: /after the publish time/ })
  const bad = await s.call('POST', '/api/blog', post('rules-4', { publish_at: 'tomorrow' }), s.admin)
  t.equal(bad.statusCode, 400)
})
