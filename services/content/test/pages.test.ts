import t from 'tap'
import type { Page } from '@site/contracts'
import { setup, text } from './helpers.js'

const page = (slug: string, extra: object = {}) => ({
  slug,
  title_nl: 'Over ons',
  title_en: 'About us',
  content_nl: '<p>Hallo</p>',
  content_en: '<p>Hello</p>',
  ...extra,
})

t.test('pages: drafts only for admins, slugs unique and URL-safe, HTML sanitized', async (t) => {
  const { app, admin } = await setup(t)
  const anonList = async () => (await app.inject({ method: 'GET', url: '/api/pages' })).json<Page[]>()
  t.same(await anonList(), [])
  t.equal((await app.inject({ method: 'POST', url: '/api/pages', payload: page('about') })).statusCode, 401)

  const created = await app.inject({ method: 'POST', url: '/api/pages', headers: admin, payload: page('about', { content_en: '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>' }) })
  t.equal(created.statusCode, 201)
  const about = created.json<Page>()
  t.equal(about.published, true, 'pages are published by default')
  t.equal(about.content_en, '<p>Hi</p><a>x</a>', 'scripts, handlers and javascript: links are removed')
  t.equal(about.meta_description_nl, null)

  const draft = (await app.inject({ method: 'POST', url: '/api/pages', headers: admin, payload: page('draft', { published: false, meta_description_en: 'Meta' }) })).json<Page>()
  t.equal(draft.published, false)
  t.same((await anonList()).map((p) => p.slug), ['about'], 'anonymous visitors do not see drafts')
  const adminList = await app.inject({ method: 'GET', url: '/api/pages', headers: admin })
  t.same(adminList.json<Page[]>().map((p) => p.slug).sort(), ['about', 'draft'])
  t.match(adminList.headers['cache-control'], /private/)
  t.equal((await app.inject({ method: 'GET', url: '/api/pages/slug/draft' })).statusCode, 404)
  t.equal((await app.inject({ method: 'GET', url: '/api/pages/slug/draft', headers: admin })).json().meta_description_en, 'Meta')
  t.equal((await app.inject({ method: 'GET', url: '/api/pages/slug/about' })).json().title_en, 'About us')

  const taken = await app.inject({ method: 'POST', url: '/api/pages', headers: admin, payload: page('about') })
  t.equal(taken.statusCode, 409)
  t.equal(taken.json().message, 'A page with this slug already exists')
  const renameTaken = await app.inject({ method: 'PUT', url: `/api/pages/${draft.id}`, headers: admin, payload: page('about', { published: false }) })
  t.equal(renameTaken.statusCode, 409)

  for (const slug of ['Over Ons', 'a/b', 'über', '-x', 'x--y', '']) {
    const bad = await app.inject({ method: 'POST', url: '/api/pages', headers: admin, payload: page(slug) })
    t.equal(bad.statusCode, 400, `slug ${JSON.stringify(slug)}`)
  }
  t.equal((await app.inject({ method: 'POST', url: '/api/pages', headers: admin, payload: page('x y') })).json().message, 'Slug may only contain lowercase letters, digits and hyphens (for example: about-us)')

  const published = await app.inject({ method: 'PUT', url: `/api/pages/${draft.id}`, headers: admin, payload: page('draft-2', { published: true }) })
  t.equal(published.statusCode, 200)
  t.equal(published.json().slug, 'draft-2')
  t.ok(Date.parse(published.json().updated_at) >= Date.parse(draft.updated_at))
  t.same((await anonList()).map((p) => p.slug).sort(), ['about', 'draft-2'], 'publishing shows it at once')

  t.equal((await app.inject({ method: 'DELETE', url: `/api/pages/${draft.id}` })).statusCode, 401)
  t.equal((await app.inject({ method: 'DELETE', url: `/api/pages/${draft.id}`, headers: admin })).statusCode, 204)
  t.equal((await app.inject({ method: 'DELETE', url: `/api/pages/${draft.id}`, headers: admin })).statusCode, 404)
  t.equal((await app.inject({ method: 'PUT', url: `/api/pages/${draft.id}`, headers: admin, payload: page('zzz') })).statusCode, 404)
  t.same((await anonList()).map((p) => p.slug), ['about'])

  const etag = (await app.inject({ method: 'GET', url: '/api/pages' })).headers.etag as string
  t.equal((await app.inject({ method: 'GET', url: '/api/pages', headers: { 'if-none-match': etag } })).statusCode, 304)
})

t.test('page limits at their edges', async (t) => {
  const { app, admin } = await setup(t)
  let n = 0
  const post = (payload: object) => app.inject({ method: 'POST', url: '/api/pages', headers: admin, payload: { ...page(`p-${++n}`), ...payload } })
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
