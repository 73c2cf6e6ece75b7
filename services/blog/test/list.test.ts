// @tier services
import t from 'tap'
import { SHARED_CACHE_CONTROL } from '@site/contracts/surrogate'
import { blogApp } from './helpers.js'
import { postModel } from '../src/models/post.js'
import { postListing } from '../src/posts/listing.js'

// The lists answer pages of summaries; full posts come from the detail calls.
const s = await blogApp()
t.teardown(() => s.close())
const { app, admin } = s

interface Summary {
  id: string
  slug: string
  title_en: string
  published: boolean
  created_at: string
}
interface Paged {
  items: Summary[]
  page: number
  pageSize: number
  total: number
}

// 30 published posts and 5 drafts, created one second apart (post 0 is the oldest).
const posts = postModel(app.db)
const start = Date.UTC(2024, 0, 1)
await posts.insertMany(
  Array.from({ length: 35 }, (_, i) => ({
    slug: `post-${i}`,
    title_nl: i === 7 ? 'Slimme (AUTOMATISERING) [x]' : `Bericht ${i}`,
    title_en: `Post ${i}`,
    content_nl: `<p>${'inhoud '.repeat(200)}</p>`,
    content_en: `<p>${'content '.repeat(200)}</p>`,
    published: i < 30,
    author: 'x',
    created_at: new Date(start + i * 1000),
    updated_at: new Date(start + i * 1000),
  })),
  { timestamps: false } as never,
)
// Written past the API (to set the times): the lists' order is built again from the database.
await postListing(() => app.redis, s.config.QUEUE_PREFIX).forget()

const get = async (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers })

t.test('the public list: summaries in pages, newest first, with the total', async (t) => {
  const first = await get('/api/blog?published=true')
  t.equal(first.statusCode, 200)
  const p1 = first.json() as Paged
  t.match(p1, { page: 1, pageSize: 12, total: 30 })
  t.equal(p1.items.length, 12)
  t.same(p1.items.map((p) => p.slug).slice(0, 3), ['post-29', 'post-28', 'post-27'], 'newest first')
  for (const item of p1.items) {
    t.notOk(
      'content_nl' in item || 'content_en' in item || 'content_de' in item,
      `${item.slug} carries no content_*`,
    )
  }
  const p3 = (await get('/api/blog?published=true&page=3')).json() as Paged
  t.match(p3, { page: 3, pageSize: 12, total: 30 })
  t.same(
    p3.items.map((p) => p.slug),
    ['post-5', 'post-4', 'post-3', 'post-2', 'post-1', 'post-0'],
  )
  const two = (await get('/api/blog?page=2&pageSize=5')).json() as Paged
  t.match(
    two,
    { page: 2, pageSize: 5, total: 30 },
    'anonymous without published=true: the same published list',
  )
  t.same(
    two.items.map((p) => p.slug),
    ['post-24', 'post-23', 'post-22', 'post-21', 'post-20'],
  )
  t.same(
    (await get('/api/blog?page=9')).json(),
    { items: [], page: 9, pageSize: 12, total: 30 },
    'past the end: empty page',
  )
  t.equal(first.headers['cache-control'], SHARED_CACHE_CONTROL, 'a shared cache may keep it')
  t.equal(first.headers['surrogate-key'], 'posts', 'purged by any write to posts')
  t.match(first.headers.vary, /Cookie/)
})

t.test('page and pageSize outside their limits answer 400', async (t) => {
  for (const q of ['pageSize=51', 'pageSize=0', 'page=0', 'page=x']) {
    const res = await get(`/api/blog?published=true&${q}`)
    t.equal(res.statusCode, 400, q)
    t.type(res.json().message, 'string')
  }
  t.equal((await get('/api/blog?pageSize=50')).statusCode, 200, '50 is the maximum')
})

t.test('ETag/304 on the list and on a post by slug; a write changes the ETag', async (t) => {
  const list = await get('/api/blog?published=true&pageSize=3')
  const etag = list.headers.etag as string
  t.ok(etag)
  const again = await get('/api/blog?published=true&pageSize=3', { 'if-none-match': etag })
  t.equal(again.statusCode, 304)
  t.equal(again.body, '')

  const one = await get('/api/blog/slug/post-29')
  t.equal(one.statusCode, 200)
  t.equal(one.json().content_en.length > 1000, true, 'the detail carries the full content')
  const oneTag = one.headers.etag as string
  t.equal(one.headers['surrogate-key'], `post:${one.json().id}`, 'a post is purged by its own key')
  t.equal(one.headers['cache-control'], SHARED_CACHE_CONTROL)
  t.equal((await get('/api/blog/slug/post-29', { 'if-none-match': oneTag })).statusCode, 304)

  const put = await app.inject({
    method: 'PUT',
    url: `/api/blog/${one.json().id}`,
    headers: admin,
    payload: { title_en: 'Changed' },
  })
  t.equal(put.statusCode, 200)
  const after = await get('/api/blog?published=true&pageSize=3', { 'if-none-match': etag })
  t.equal(after.statusCode, 200, 'the list changed')
  t.equal((after.json() as Paged).items[0]?.title_en, 'Changed')
  t.equal(
    (await get('/api/blog/slug/post-29', { 'if-none-match': oneTag })).statusCode,
    200,
    'the post changed',
  )
})

t.test('admins: drafts included, published filter, private no-store, title search', async (t) => {
  const all = await get('/api/blog?pageSize=50', admin)
  t.equal(all.statusCode, 200)
  t.equal(all.headers['cache-control'], 'private, no-store')
  t.match(all.headers.vary, /Cookie/)
  const body = all.json() as Paged
  t.equal(body.total, 35, 'drafts included')
  t.equal(body.items[0]?.slug, 'post-34', 'newest first, drafts too')
  t.notOk(
    body.items.some((p) => 'content_nl' in p),
    'summaries only',
  )
  t.equal(((await get('/api/blog?published=false', admin)).json() as Paged).total, 5)
  t.equal(((await get('/api/blog?published=true', admin)).json() as Paged).total, 30)
  t.equal(((await get('/api/blog', {})).json() as Paged).total, 30, 'anonymous: no drafts')

  const search = async (q: string, more = '') =>
    (await get(`/api/blog?q=${encodeURIComponent(q)}${more}`, admin)).json() as Paged
  t.same(
    (await search('automatisering')).items.map((p) => p.slug),
    ['post-7'],
    'case-insensitive, in title_nl',
  )
  t.same(
    (await search('(AUTOMATISERING) [x]')).items.map((p) => p.slug),
    ['post-7'],
    'regex characters are literal',
  )
  t.equal((await search('.*')).total, 0, 'no regex injection')
  const post3 = await search('post 3')
  t.same(
    post3.items.map((p) => p.slug),
    ['post-34', 'post-33', 'post-32', 'post-31', 'post-30', 'post-3'],
    'title_en, drafts included',
  )
  t.equal((await search('post 3', '&published=true')).total, 1, 'search within the published posts')
})

t.test('the editor loads one full post by id; admin only', async (t) => {
  const draft = (await get('/api/blog?published=false&pageSize=1', admin)).json().items[0] as Summary
  const res = await get(`/api/blog/${draft.id}`, admin)
  t.equal(res.statusCode, 200)
  t.match(res.json(), { id: draft.id, slug: draft.slug, published: false })
  t.match(res.json().content_nl, /inhoud/)
  t.equal(res.headers['cache-control'], 'private, no-store')
  t.equal((await get(`/api/blog/${draft.id}`)).statusCode, 401)
  t.equal((await get('/api/blog/0123456789abcdef01234567', admin)).statusCode, 404)
  t.equal((await get('/api/blog/not-an-id', admin)).statusCode, 404)
  t.equal((await get(`/api/blog/slug/${draft.slug}`)).statusCode, 404, 'drafts stay hidden by slug')
  const bySlug = await get(`/api/blog/slug/${draft.slug}`, admin)
  t.equal(bySlug.statusCode, 200)
  t.equal(bySlug.headers['cache-control'], 'private, no-store')
})

t.test('indexers read the published posts in full, in pages, and then only what changed', async (t) => {
  const all = await get('/api/blog/changes')
  t.equal(all.statusCode, 200)
  const body = all.json() as Paged & { items: (Summary & { content_nl: string; updated_at: string })[] }
  t.match(body, { page: 1, pageSize: 50, total: 30 }, 'published only, 50 a page by default')
  t.same(
    body.items.slice(0, 2).map((p) => p.slug),
    ['post-0', 'post-1'],
    'oldest change first',
  )
  t.match(body.items[0]!.content_nl, /inhoud/, 'with the bodies')
  t.equal(all.headers['cache-control'], 'private, no-store')

  const since = new Date(start + 25 * 1000).toISOString()
  const recent = (await get(`/api/blog/changes?since=${encodeURIComponent(since)}`)).json() as Paged
  t.same(
    recent.items.map((p) => p.slug),
    ['post-25', 'post-26', 'post-27', 'post-28', 'post-29'],
    'changed at or after since',
  )
  const second = (await get('/api/blog/changes?page=2&pageSize=20')).json() as Paged
  t.same(
    second.items.map((p) => p.slug),
    Array.from({ length: 10 }, (_, i) => `post-${20 + i}`),
  )
  t.equal((await get('/api/blog/changes?since=yesterday')).statusCode, 400, 'since must be a date-time')
  t.equal((await get('/api/blog/changes?pageSize=51')).statusCode, 400, 'at most 50 a page')
})
