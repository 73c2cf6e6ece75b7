// @tier services
// Old slugs (docs/editorial.md, "Old URLs"): a published post's left slug leads to where the post
// is now, by its id (a second change too); a draft's does not; a freed slug taken by another post
// is no redirect any more; a deleted post's redirects go.
import t from 'tap'
import type { BlogPost } from '@site/contracts'
import { redirectModel } from '../src/models/redirect.js'
import { blogApp } from './helpers.js'

const s = await blogApp()
t.teardown(() => s.close())

const post = (slug: string, published = true) => ({
  slug,
  title_nl: `Bericht ${slug}`,
  title_en: `Post ${slug}`,
  excerpt_nl: 'Kort',
  excerpt_en: 'Short',
  content_nl: '<p>Tekst</p>',
  content_en: '<p>Text</p>',
  published,
})
const create = async (slug: string, published = true) =>
  (await s.call('POST', '/api/blog', post(slug, published), s.admin)).json<BlogPost>()
const rename = (id: string, slug: string) => s.call('PUT', `/api/blog/${id}`, { slug }, s.admin)
const where = (slug: string) => s.call('GET', `/api/blog/redirects/${slug}`)

t.test('a published post keeps its old slugs, each leading to the current one', async (t) => {
  const p = await create('first-name')
  t.equal((await rename(p.id, 'second-name')).statusCode, 200)
  const moved = await where('first-name')
  t.equal(moved.statusCode, 200)
  t.same(moved.json(), { id: p.id, slug: 'second-name' })
  t.same(moved.headers['surrogate-key']?.toString().split(' ').sort(), [`post:${p.id}`, 'posts'].sort())
  t.match(moved.headers['cache-control'], /s-maxage/)
  await rename(p.id, 'third-name')
  t.same((await where('first-name')).json(), { id: p.id, slug: 'third-name' }, 'no chain: by id')
  t.same((await where('second-name')).json(), { id: p.id, slug: 'third-name' })
  t.equal((await where('third-name')).statusCode, 404, 'the current slug is no redirect')
  // Taking back an old slug: it is the post's own again.
  await rename(p.id, 'first-name')
  t.equal((await where('first-name')).statusCode, 404)
  t.same((await where('third-name')).json(), { id: p.id, slug: 'first-name' })
})

t.test('a freed slug taken by another post: the redirect yields', async (t) => {
  const a = await create('taken-later')
  await rename(a.id, 'moved-away')
  t.equal((await where('taken-later')).statusCode, 200)
  const b = await create('taken-later')
  t.equal((await where('taken-later')).statusCode, 404)
  t.match((await s.call('GET', '/api/blog/slug/taken-later')).json(), { id: b.id })
})

t.test("a draft's slug change, an unpublished or deleted post: no redirect", async (t) => {
  const d = await create('draft-name', false)
  await rename(d.id, 'draft-renamed')
  t.equal((await where('draft-name')).statusCode, 404)
  const p = await create('will-go')
  await rename(p.id, 'will-go-2')
  t.equal((await where('will-go')).statusCode, 200)
  await s.call('PUT', `/api/blog/${p.id}`, { published: false }, s.admin)
  t.equal((await where('will-go')).statusCode, 404, 'unpublished: nowhere to lead')
  await s.call('PUT', `/api/blog/${p.id}`, { published: true }, s.admin)
  t.equal((await where('will-go')).statusCode, 200)
  t.equal((await s.call('DELETE', `/api/blog/${p.id}`, undefined, s.admin)).statusCode, 204)
  t.equal((await where('will-go')).statusCode, 404)
  t.equal(await redirectModel(s.app.db).countDocuments({ post_id: p.id }), 0)
})
