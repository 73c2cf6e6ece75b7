// @tier services
// Old slugs of pages (docs/editorial.md, "Old URLs"), as the blog's of posts: by the page's id, a
// freed slug taken by another page yields, a draft's change keeps nothing, a deleted page's go.
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import type { Page } from '@site/contracts'
import { content } from './helpers.js'

t.test('a published page keeps its old slugs; they yield to a page that takes them', async (t) => {
  const { call, admin } = await testApp({ ...content, t })
  const input = (slug: string, published = true) => ({
    slug,
    title_nl: `Pagina ${slug}`,
    title_en: `Page ${slug}`,
    content_nl: '<p>Tekst</p>',
    content_en: '<p>Text</p>',
    published,
  })
  const where = (slug: string) => call('GET', `/api/pages/redirects/${slug}`)
  const p = (await call('POST', '/api/pages', input('oud'), admin)).json<Page>()
  t.equal((await call('PUT', `/api/pages/${p.id}`, input('nieuw'), admin)).statusCode, 200)
  const moved = await where('oud')
  t.same(moved.json(), { id: p.id, slug: 'nieuw' })
  t.same(moved.headers['surrogate-key']?.toString().split(' ').sort(), [`page:${p.id}`, 'pages'].sort())
  await call('PUT', `/api/pages/${p.id}`, input('nieuwst'), admin)
  t.same((await where('oud')).json(), { id: p.id, slug: 'nieuwst' }, 'by id: no chain')
  await call('POST', '/api/pages', input('oud'), admin)
  t.equal((await where('oud')).statusCode, 404, 'a page took the slug: the redirect yields')
  const d = (await call('POST', '/api/pages', input('concept', false), admin)).json<Page>()
  await call('PUT', `/api/pages/${d.id}`, input('concept-2', false), admin)
  t.equal((await where('concept')).statusCode, 404, "a draft's change keeps nothing")
  t.equal((await call('DELETE', `/api/pages/${p.id}`, undefined, admin)).statusCode, 204)
  t.equal((await where('nieuw')).statusCode, 404, "a deleted page's redirects go")
})
