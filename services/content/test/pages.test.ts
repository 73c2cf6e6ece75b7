// @tier services
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import type { Page, PagedList, PageSummary } from '@site/contracts'
import { SHARED_CACHE_CONTROL } from '@site/contracts/surrogate'
import { content, text } from './helpers.js'

const page = (slug: string, extra: object = {}) => ({
  slug,
  title_nl: 'Over ons',
  title_en: 'About us',
  content_nl: '<p>Hallo</p>',
  content_en: '<p>Hello</p>',
  ...extra,
})

t.test('pages: drafts only for admins, slugs unique and URL-safe, HTML sanitized', async (t) => {
  const { app, admin } = await testApp({ ...content, t })
  const anonList = async () =>
    (await app.inject({ method: 'GET', url: '/api/pages' })).json<PagedList<PageSummary>>().items
  t.same((await app.inject({ method: 'GET', url: '/api/pages' })).json(), {
    items: [],
    page: 1,
    pageSize: 12,
    total: 0,
  })
  t.equal((await app.inject({ method: 'POST', url: '/api/pages', payload: page('about') })).statusCode, 401)

  const created = await app.inject({
    method: 'POST',
    url: '/api/pages',
    headers: admin,
    payload: page('about', {
      content_en: '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
    }),
  })
  t.equal(created.statusCode, 201)
  const about = created.json<Page>()
  t.equal(about.published, true, 'pages are published by default')
  t.equal(about.content_en, '<p>Hi</p><a>x</a>', 'scripts, handlers and javascript: links are removed')
  t.equal(about.meta_description_nl, null)

  const draft = (
    await app.inject({
      method: 'POST',
      url: '/api/pages',
      headers: admin,
      payload: page('draft', { published: false, meta_description_en: 'Meta' }),
    })
  ).json<Page>()
  t.equal(draft.published, false)
  t.same(
    (await anonList()).map((p) => p.slug),
    ['about'],
    'anonymous visitors do not see drafts',
  )
  const adminList = await app.inject({ method: 'GET', url: '/api/pages', headers: admin })
  t.same(
    adminList
      .json<PagedList<PageSummary>>()
      .items.map((p) => p.slug)
      .sort(),
    ['about', 'draft'],
  )
  t.equal(adminList.headers['cache-control'], 'private, no-store')
  t.equal((await app.inject({ method: 'GET', url: '/api/pages/slug/draft' })).statusCode, 404)
  t.equal(
    (await app.inject({ method: 'GET', url: '/api/pages/slug/draft', headers: admin })).json()
      .meta_description_en,
    'Meta',
  )
  t.equal((await app.inject({ method: 'GET', url: '/api/pages/slug/about' })).json().title_en, 'About us')

  const taken = await app.inject({
    method: 'POST',
    url: '/api/pages',
    headers: admin,
    payload: page('about'),
  })
  t.equal(taken.statusCode, 409)
  t.equal(taken.json().message, 'A page with this slug already exists')
  const renameTaken = await app.inject({
    method: 'PUT',
    url: `/api/pages/${draft.id}`,
    headers: admin,
    payload: page('about', { published: false }),
  })
  t.equal(renameTaken.statusCode, 409)

  for (const slug of ['Over Ons', 'a/b', 'über', '-x', 'x--y', '']) {
    const bad = await app.inject({ method: 'POST', url: '/api/pages', headers: admin, payload: page(slug) })
    t.equal(bad.statusCode, 400, `slug ${JSON.stringify(slug)}`)
  }
  t.equal(
    (await app.inject({ method: 'POST', url: '/api/pages', headers: admin, payload: page('x y') })).json()
      .message,
    'Slug may only contain lowercase letters, digits and hyphens (for example: about-us)',
  )

  const published = await app.inject({
    method: 'PUT',
    url: `/api/pages/${draft.id}`,
    headers: admin,
    payload: page('draft-2', { published: true }),
  })
  t.equal(published.statusCode, 200)
  t.equal(published.json().slug, 'draft-2')
  t.ok(Date.parse(published.json().updated_at) >= Date.parse(draft.updated_at))
  t.same((await anonList()).map((p) => p.slug).sort(), ['about', 'draft-2'], 'publishing shows it at once')

  t.equal((await app.inject({ method: 'DELETE', url: `/api/pages/${draft.id}` })).statusCode, 401)
  t.equal(
    (await app.inject({ method: 'DELETE', url: `/api/pages/${draft.id}`, headers: admin })).statusCode,
    204,
  )
  t.equal(
    (await app.inject({ method: 'DELETE', url: `/api/pages/${draft.id}`, headers: admin })).statusCode,
    404,
  )
  t.equal(
    (await app.inject({ method: 'PUT', url: `/api/pages/${draft.id}`, headers: admin, payload: page('zzz') }))
      .statusCode,
    404,
  )
  t.same(
    (await anonList()).map((p) => p.slug),
    ['about'],
  )

  const etag = (await app.inject({ method: 'GET', url: '/api/pages' })).headers.etag as string
  t.equal(
    (await app.inject({ method: 'GET', url: '/api/pages', headers: { 'if-none-match': etag } })).statusCode,
    304,
  )
})

t.test('page limits at their edges', async (t) => {
  const { app, admin } = await testApp({ ...content, t })
  let n = 0
  const post = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/pages',
      headers: admin,
      payload: { ...page(`p-${++n}`), ...payload },
    })
  const cases: Array<[string, number, string]> = [
    ['title_nl', 200, 'Nederlandse titel moet 200 karakters of minder zijn'],
    ['title_en', 200, 'English title must be 200 characters or less'],
    ['title_de', 200, 'Deutscher Titel darf höchstens 200 Zeichen lang sein'],
    ['meta_description_nl', 300, 'Nederlandse metabeschrijving moet 300 karakters of minder zijn'],
    ['meta_description_en', 300, 'English meta description must be 300 characters or less'],
    ['meta_description_de', 300, 'Deutsche Meta-Beschreibung darf höchstens 300 Zeichen lang sein'],
    ['slug', 100, 'Slug must be 100 characters or less'],
  ]
  for (const [field, max, message] of cases) {
    t.equal((await post({ [field]: text(max) })).statusCode, 201, `${field} at ${max}`)
    const bad = await post({ [field]: text(max + 1) })
    t.equal(bad.statusCode, 400, `${field} at ${max + 1}`)
    t.equal(bad.json().message, message)
  }
  t.equal((await post({ content_nl: '' })).json().message, 'Nederlandse inhoud is verplicht')
  t.equal((await post({ title_en: '' })).json().message, 'English title is required')
})

t.test(
  'page lists: summaries in pages, newest first, title search and drafts for admins, ETag/304 on list and detail',
  async (t) => {
    const { app, admin } = await testApp({ ...content, t })
    const { createModels } = await import('../src/plugins/store.js')
    const start = Date.UTC(2024, 0, 1)
    // 14 published pages and 2 drafts, one second apart; page 3 is "Prijzen (2024) [nieuw]".
    await createModels(app.db).pages.insertMany(
      Array.from({ length: 16 }, (_, i) => ({
        ...page(`p-${i}`, {
          title_nl: i === 3 ? 'Prijzen (2024) [nieuw]' : `Pagina ${i}`,
          title_en: `Page ${i}`,
          content_nl: `<p>${'tekst '.repeat(300)}</p>`,
        }),
        published: i < 14,
        created_at: new Date(start + i * 1000),
        updated_at: new Date(start + i * 1000),
      })),
    )
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers })
    type List = PagedList<PageSummary>

    const first = await get('/api/pages')
    const p1 = first.json<List>()
    t.match(p1, { page: 1, pageSize: 12, total: 14 })
    t.same(
      p1.items.slice(0, 2).map((p) => p.slug),
      ['p-13', 'p-12'],
      'newest first',
    )
    t.notOk(
      p1.items.some((p) => 'content_nl' in p || 'content_en' in p || 'content_de' in p),
      'no content_* in the list',
    )
    t.equal(first.headers['cache-control'], SHARED_CACHE_CONTROL)
    t.equal(first.headers['surrogate-key'], 'pages')
    t.match(first.headers.vary, /Cookie/)
    const p2 = (await get('/api/pages?page=2')).json<List>()
    t.match(p2, { page: 2, pageSize: 12, total: 14 })
    t.same(
      p2.items.map((p) => p.slug),
      ['p-1', 'p-0'],
    )
    t.equal((await get('/api/pages?pageSize=51')).statusCode, 400)
    t.equal((await get('/api/pages?page=0')).statusCode, 400)
    t.equal(
      (await get(first.url ?? '/api/pages', { 'if-none-match': first.headers.etag as string })).statusCode,
      304,
    )

    t.equal((await get('/api/pages?q=pagina')).json<List>().total, 14, 'visitors: q is ignored, no drafts')
    const adminAll = await get('/api/pages?pageSize=50', admin)
    t.equal(adminAll.json<List>().total, 16, 'admins: drafts too')
    t.equal(adminAll.headers['cache-control'], 'private, no-store')
    const search = async (q: string) =>
      (await get(`/api/pages?q=${encodeURIComponent(q)}`, admin)).json<List>()
    t.same(
      (await search('PRIJZEN (2024) [')).items.map((p) => p.slug),
      ['p-3'],
      'case-insensitive, literal characters',
    )
    t.same(
      (await search('page 1')).items.map((p) => p.slug),
      ['p-15', 'p-14', 'p-13', 'p-12', 'p-11', 'p-10', 'p-1'],
      'title_en, drafts included',
    )
    t.equal((await search('.*')).total, 0)

    const detail = await get('/api/pages/slug/p-13')
    t.match(detail.json<Page>().content_nl, /tekst/, 'the detail carries the content')
    t.equal(detail.headers['surrogate-key'], `page:${detail.json<Page>().id}`, 'purged by its own key')
    t.equal(
      (await get('/api/pages/slug/p-13', { 'if-none-match': detail.headers.etag as string })).statusCode,
      304,
    )
    t.equal((await get('/api/pages/slug/p-15')).statusCode, 404, 'drafts hidden by slug')

    const draftId = (await search('page 15')).items[0]!.id
    const full = await get(`/api/pages/${draftId}`, admin)
    t.equal(full.statusCode, 200)
    t.match(full.json<Page>(), { slug: 'p-15', published: false, content_nl: /tekst/ })
    t.equal(full.headers['cache-control'], 'private, no-store')
    t.equal((await get(`/api/pages/${draftId}`)).statusCode, 401)
    t.equal((await get('/api/pages/0123456789abcdef01234567', admin)).statusCode, 404)

    const put = await app.inject({
      method: 'PUT',
      url: `/api/pages/${p1.items[0]!.id}`,
      headers: admin,
      payload: page('p-13', { title_en: 'Renamed' }),
    })
    t.equal(put.statusCode, 200)
    t.equal(
      (await get('/api/pages/slug/p-13', { 'if-none-match': detail.headers.etag as string })).statusCode,
      200,
      'a write changes the detail ETag',
    )
    t.equal((await get('/api/pages')).json<List>().items[0]!.title_en, 'Renamed')
  },
)
