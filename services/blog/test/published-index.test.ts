// The public reads of posts ask the database by `_id` only, once the published index of the posts
// version is loaded (src/posts/published-index.ts): FerretDB 1.24's SQLite handler decodes every
// post for any other filter (0.5-0.7 s at 1,000 posts, for each post page not cached yet and each
// slug a visitor makes up). The posts collection's filters are watched with mongoose's debug hook.
import t from 'tap'
import mongoose from 'mongoose'
import { blogApp } from './helpers.js'
import { postModel } from '../src/models/post.js'

const s = await blogApp()
t.teardown(() => s.close())
const posts = postModel(s.app.db)
const start = Date.UTC(2025, 0, 1)
await posts.insertMany(
  Array.from({ length: 22 }, (_, i) => ({
    slug: `post-${i}`,
    title_nl: `Bericht ${i}`,
    title_en: `Post ${i}`,
    content_nl: '<p>inhoud</p>',
    content_en: '<p>content</p>',
    published: i < 20,
    author: 'x',
    created_at: new Date(start + i * 1000),
    updated_at: new Date(start + i * 1000),
  })),
  { timestamps: false } as never,
)

const filters: { method: string; filter: unknown }[] = []
mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
  if (collection === posts.collection.collectionName) filters.push({ method, filter })
})
t.teardown(() => mongoose.set('debug', false))
const watched = async (fn: () => Promise<unknown>) => {
  filters.length = 0
  await fn()
  return [...filters]
}
const byId = (f: { filter: unknown }) =>
  typeof f.filter === 'object' && f.filter !== null && Object.keys(f.filter).join() === '_id'
const get = (url: string) => s.call('GET', url)

t.test('the first read of a version loads the index once; every read after asks by _id', async (t) => {
  const first = await watched(async () => {
    const res = await get('/api/blog?published=true')
    t.match(res.json(), { total: 20, page: 1, pageSize: 12 })
    t.same(
      res
        .json<{ items: { slug: string }[] }>()
        .items.slice(0, 2)
        .map((p) => p.slug),
      ['post-19', 'post-18'],
      'newest first',
    )
  })
  t.same(
    first.filter((f) => !byId(f)).map((f) => f.filter),
    [{ published: true }],
    'one read of the published posts: the index',
  )

  const after = await watched(async () => {
    t.equal((await get('/api/blog/slug/post-3')).json<{ slug: string }>().slug, 'post-3')
    t.equal((await get('/api/blog/slug/post-15')).statusCode, 200)
    const p2 = (await get('/api/blog?published=true&page=2')).json<{ items: { slug: string }[] }>()
    t.same(p2.items.map((p) => p.slug).slice(0, 2), ['post-7', 'post-6'])
    t.equal((await get('/api/blog/slug/post-21')).statusCode, 404, 'a draft is not public')
    t.equal((await get('/api/blog/slug/made-up-by-a-visitor')).statusCode, 404, 'nor a made-up slug')
  })
  t.ok(
    after.length > 0 && after.every(byId),
    `only { _id }: ${JSON.stringify(after.filter((f) => !byId(f)))}`,
  )
  t.notOk(
    after.some((f) => JSON.stringify(f.filter).includes('made-up')),
    'a made-up slug reads nothing',
  )
})

t.test('a write makes a new version: its first read loads the index again', async (t) => {
  const id = (await posts.findOne({ slug: 'post-20' }).lean())!._id
  const put = await s.call('PUT', `/api/blog/${id}`, { published: true }, s.admin)
  t.equal(put.statusCode, 200, put.body)
  const reads = await watched(async () => {
    t.equal((await get('/api/blog/slug/post-20')).statusCode, 200, 'the newly published post')
    t.match((await get('/api/blog?published=true')).json(), { total: 21 })
  })
  t.equal(reads.filter((f) => !byId(f)).length, 1, 'one index load for the new version')
})
