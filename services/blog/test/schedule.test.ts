// @tier services
// Scheduled publishing (docs/editorial.md): a delayed job per post and moment, acting only while the
// post still holds that moment, exactly once, recorded as the scheduler's write; a sweep at the
// worker's start acts on moments that passed while no worker ran.
import t from 'tap'
import { QUEUES, type BlogPost } from '@site/contracts'
import { dropQueue, firstSeen } from '@site/service-kit/testing'
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
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

t.test('a post scheduled 5 s ahead is absent before and public within 1 s after, once', async (t) => {
  workers = await s.startWorker()
  const at = ahead(5000)
  const created = await s.call('POST', '/api/blog', post('five-seconds', { publish_at: at }), s.admin)
  t.equal(created.statusCode, 201, created.body)
  const { id, publish_at, published } = created.json<BlogPost>()
  t.equal(publish_at, at)
  t.equal(published, false)
  await sleep(Date.parse(at) - Date.now() - 500)
  t.same(await visible('five-seconds'), { page: false, list: false }, 'half a second before: absent')
  const seen = await waitPublic('five-seconds', 3000)
  t.ok(seen, 'public after its moment')
  t.ok(seen! - Date.parse(at) < 1000, `public ${seen! - Date.parse(at)} ms after its moment`)
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
})

t.test('a moved or cleared time: the old job does nothing', async (t) => {
  // Wide margins: on a loaded machine the saves below must land before the first moment.
  const first = Date.now() + 3000
  const moved = (
    await s.call('POST', '/api/blog', post('moved', { publish_at: new Date(first).toISOString() }), s.admin)
  ).json<BlogPost>()
  const cleared = (
    await s.call('POST', '/api/blog', post('cleared', { publish_at: new Date(first).toISOString() }), s.admin)
  ).json<BlogPost>()
  const later = ahead(6000)
  const edit = await s.call('PUT', `/api/blog/${moved.id}`, { publish_at: later }, s.admin)
  t.equal(edit.statusCode, 200, edit.body)
  t.equal((await s.call('PUT', `/api/blog/${cleared.id}`, { publish_at: null }, s.admin)).statusCode, 200)
  const [record] = await s.app.changes.log.history('post', moved.id)
  t.equal(record!.action, 'schedule', 'a new time is recorded as a schedule')
  await sleep(first - Date.now() + 1000)
  t.same(await visible('moved'), { page: false, list: false }, 'not at its first time')
  t.same(await visible('cleared'), { page: false, list: false }, 'a cleared time publishes nothing')
  t.ok(await waitPublic('moved', Date.parse(later) - Date.now() + 1000), 'at its new time')
  await sleep(300)
  t.equal(
    (await s.app.changes.log.history('post', moved.id)).filter((r) => r.action === 'publish').length,
    1,
    'published exactly once',
  )
})

t.test('unpublish_at takes a published post off the site', async (t) => {
  const at = ahead(1500)
  const res = await s.call(
    'POST',
    '/api/blog',
    post('ending', { published: true, unpublish_at: at }),
    s.admin,
  )
  t.equal(res.statusCode, 201, res.body)
  t.same(await visible('ending'), { page: true, list: true })
  await sleep(Date.parse(at) - Date.now() + 700)
  t.same(await visible('ending'), { page: false, list: false })
  const [record] = await s.app.changes.log.history('post', res.json<BlogPost>().id)
  t.match(record, { action: 'unpublish', actor: { name: 'scheduler' } })
})

t.test('a moment that passed while no worker ran: the sweep at start publishes it', async (t) => {
  for (const c of workers) await c.close()
  const at = ahead(800)
  const created = await s.call('POST', '/api/blog', post('while-down', { publish_at: at }), s.admin)
  t.equal(created.statusCode, 201)
  // Drop the delayed job too, as a lost Redis would: only the database knows the moment.
  await dropQueue(QUEUES.blogSchedule, s.env)
  await sleep(1200)
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
