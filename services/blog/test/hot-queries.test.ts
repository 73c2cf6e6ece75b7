// @tier services
// Every query a visitor's request, an admin's save or a timer of the blog makes is served by an
// index, on the server the suite runs on (FerretDB on PostgreSQL, or MongoDB), and is listed with
// its index in docs/queries.md (docs/design.md, "Hot queries and their indexes"). The collections
// hold thousands of documents, so the server's planner picks an index wherever one serves.
import t from 'tap'
import mongoose, { Types } from 'mongoose'
import { QUEUES } from '@site/contracts'
import { silentLog } from '@site/service-kit'
import { createScheduleQueue, sweepSchedule } from '@site/service-kit/editorial'
import { holdQueries, queryRecorder } from '@site/service-kit/testing'
import { blogApp } from './helpers.js'
import { postModel } from '../src/models/post.js'
import { redirectModel } from '../src/models/redirect.js'
import { postListing } from '../src/posts/listing.js'
import { POST_SCHEDULE } from '../src/posts/schedule.js'
import { toPostDto } from '../src/posts/dto.js'

const POSTS = 3000
/** At most what one query may read: a page of 50, a document's 50 revisions, a due batch. */
const BOUND = 100
const s = await blogApp()
t.teardown(() => s.close())
const { app } = s
const posts = postModel(app.db)
const docs = Array.from({ length: POSTS }, (_, i) => ({
  _id: new Types.ObjectId(),
  slug: `post-${i}`,
  title_nl: `Bericht ${i}`,
  title_en: `Post ${i}`,
  excerpt_nl: 'Kort',
  excerpt_en: 'Short',
  content_nl: `<p>${'inhoud '.repeat(300)}</p>`,
  content_en: `<p>${'content '.repeat(300)}</p>`,
  published: i % 10 !== 0,
  author: 'x',
  tags: [`tag${i % 20}`],
}))
for (let i = 0; i < docs.length; i += 500) await posts.insertMany(docs.slice(i, i + 500))
const long = new Date(Date.now() - 86400_000)
await redirectModel(app.db).insertMany(
  Array.from({ length: 1000 }, (_, i) => ({
    slug: `old-${i}`,
    post_id: String(docs[i]!._id),
    created_at: long,
  })),
)
// Each post's history: a revision or two, all announced long ago.
const changes = app.changes.log.model
for (let i = 0; i < POSTS; i += 500)
  await changes.insertMany(
    docs.slice(i, i + 500).map((d) => ({
      at: long,
      kind: 'post',
      action: 'create',
      target_id: String(d._id),
      actor_name: 'x',
      snapshot: { id: String(d._id), title_nl: d.title_nl },
      revision: true,
      relayed: true,
    })),
  )
// Posts deleted long ago, whose history the sweep forgets.
const gone = new Date(Date.now() - 40 * 86400_000)
await changes.insertMany(
  ['delete', 'update'].flatMap((action) =>
    Array.from({ length: 5 }, (_, i) => ({
      at: gone,
      kind: 'post',
      action,
      target_id: `gone-${i}`,
      actor_name: 'x',
      revision: action === 'update',
      relayed: true,
    })),
  ),
)
// Written past the API: the lists' order is built from the database once, before the measuring.
await postListing(() => app.redis, s.config.QUEUE_PREFIX).forget()
await s.call('GET', '/api/blog')

const { captured, during } = queryRecorder(mongoose)
const ok = (res: { statusCode: number; body: string }, status = 200) => {
  if (res.statusCode !== status) throw new Error(`${res.statusCode}: ${res.body}`)
  return res
}

const target = docs[41]!
await during('visitor', async () => {
  ok(await s.call('GET', '/api/blog'))
  ok(await s.call('GET', '/api/blog?page=7&pageSize=12'))
  ok(await s.call('GET', `/api/blog/slug/${target.slug}`))
  ok(await s.call('GET', '/api/blog/slug/no-such-post'), 404)
  ok(await s.call('GET', '/api/blog/redirects/old-5'))
  ok(await s.call('GET', '/api/blog/redirects/never-was'), 404)
  ok(await s.call('GET', `/api/blog/changes?since=${new Date(Date.now() - 60_000).toISOString()}`))
  ok(await s.call('GET', `/api/blog/changes?ids=${docs[3]!._id},${docs[4]!._id}`))
})
await during('admin save', async () => {
  const edited = { title_nl: 'Nieuwe titel', content_en: '<p>New text</p>' }
  ok(await s.call('PUT', `/api/blog/${target._id}`, edited, s.admin))
  ok(await s.call('PUT', `/api/blog/${target._id}`, { slug: 'a-new-slug' }, s.admin))
  const post = {
    title_nl: 'Bericht 7',
    title_en: 'Post 7',
    excerpt_nl: 'Kort',
    excerpt_en: 'Short',
    content_nl: '<p>Tekst</p>',
    content_en: '<p>Text</p>',
    published: true,
  }
  const created = ok(await s.call('POST', '/api/blog', post, s.admin), 201)
  ok(await s.call('PUT', `/api/blog/${created.json<{ id: string }>().id}`, { published: false }, s.admin))
  ok(await s.call('DELETE', `/api/blog/${docs[43]!._id}`, undefined, s.admin), 204)
  ok(await s.call('GET', '/api/blog', undefined, s.admin))
  ok(await s.call('GET', `/api/blog/${target._id}`, undefined, s.admin))
  ok(await s.call('GET', `/api/blog/${target._id}/revisions`, undefined, s.admin))
})
const schedule = createScheduleQueue<'postId'>(QUEUES.blogSchedule, {
  redisUrl: s.env.REDIS_URL!,
  prefix: s.env.QUEUE_PREFIX!,
})
t.teardown(() => schedule.close())
const deps = {
  ...POST_SCHEDULE,
  model: posts,
  changes: app.changes.log,
  toDto: toPostDto,
  label: () => 'x',
}
// The first sweep marks what was scheduled before the mark existed: once, and read in full.
await sweepSchedule(deps, schedule.queue, silentLog)
await during('timers', async () => {
  await app.changes.log.relay()
  await app.changes.log.sweep()
  await sweepSchedule(deps, schedule.queue, silentLog)
})

holdQueries(t, app.db, captured, { bound: BOUND, size: POSTS })
