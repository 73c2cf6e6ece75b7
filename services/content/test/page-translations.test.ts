// @tier services
// Issue 47 for pages in the content service: per language, per page: origin, source revision,
// stale (from a hash of the source's translatable fields only), review by a named person, publish
// and take down one language alone (Dutch only with the page), translators only in their
// languages, what visitors read of a language that is not on the site, and the pages' board.
import t from 'tap'
import { createTestSession, testApp } from '@site/service-kit/testing'
import type { Page, PagedList, PageSummary, TranslationBoard } from '@site/contracts'
import { content } from './helpers.js'
import { pageModel } from '../src/models/page.js'

const s = await testApp({ ...content, t })
const headers = async (id: string, role: string, languages: string[] = []) => ({
  cookie: (await createTestSession(s.env, { id, username: `${role}-${id}`, role, languages })).cookie,
  'x-requested-with': 'XMLHttpRequest',
})
const eddie = await headers('e1', 'editor')
const tess = await headers('t1', 'translator', ['de'])
type Method = 'GET' | 'POST' | 'PUT'
const call = (method: Method, url: string, h: object = eddie, payload?: object) =>
  s.app.inject({ method, url, headers: h as Record<string, string>, ...(payload ? { payload } : {}) })
let n = 0
const base = () => ({
  slug: `page-${++n}`,
  title_nl: 'Over ons',
  title_en: 'About us',
  title_de: 'Über uns',
  content_nl: '<p>Hallo</p>',
  content_en: '<p>Hello</p>',
  content_de: '<p>Hallo zusammen</p>',
  meta_description_nl: 'Wie wij zijn',
})
const make = async (body: object = base()) => {
  const res = await call('POST', '/api/pages', eddie, body)
  t.equal(res.statusCode, 201)
  return res.json<Page>()
}
const read = async (id: string) => (await call('GET', `/api/pages/${id}`)).json<Page>()
const put = (page: Page, change: object, h: object = eddie) =>
  call('PUT', `/api/pages/${page.id}`, h, { ...pick(page), ...change })
const pick = (p: Page) => {
  const { id, created_at, updated_at, translations, languages, publish_at, unpublish_at, ...rest } = p
  void [id, created_at, updated_at, translations, languages, publish_at, unpublish_at]
  return rest
}

t.test('a new page: every language human and current; stale only after a source change', async (t) => {
  const page = await make()
  t.match(page.translations, {
    nl: { origin: 'human', source_lang: null, stale: false, published: true, state: 'published' },
    en: { origin: 'human', source_lang: 'nl', stale: false, state: 'published' },
    de: { origin: 'human', source_lang: 'nl', stale: false, state: 'published' },
  })
  t.same(page.languages, ['nl', 'en', 'de'])
  let after = (await put(page, { slug: `${page.slug}-moved` })).json<Page>()
  t.equal(after.translations!.en.stale, false, 'the slug does not count')
  after = (await put(after, { content_nl: '<p>Nieuwe tekst</p>' })).json<Page>()
  t.equal(after.translations!.en.stale, true, 'en stale after the Dutch body changed')
  t.match(after.translations!.de, { stale: true, state: 'stale' })
  t.equal(after.translations!.nl.stale, false, 'the source is never stale')
  t.equal((await read(page.id)).translations!.de.stale, true, 'the admin read says the same')
  // Editing the German is the person's translation of the current source.
  after = (await put(after, { title_de: 'Über uns (neu)' })).json<Page>()
  t.match(after.translations!.de, { stale: false, origin: 'human' })
  t.equal(after.translations!.en.stale, true, 'the English still waits')
  const dismissed = await call('POST', `/api/pages/${page.id}/translations/en/dismiss`)
  t.equal(dismissed.statusCode, 200)
  t.match(dismissed.json<Page>().translations!.en, { stale: false, reviewed_by: 'editor-e1' })
  t.ok(Date.parse(dismissed.json<Page>().translations!.en.reviewed_at!))
  const audit = await s.app.changes.log.model.find({ target_id: page.id, action: 'dismiss' }).lean()
  t.equal(audit.length, 1, 'the dismiss is in the audit trail')
})

t.test('review names the reviewer; a translator only in their languages', async (t) => {
  const page = await make()
  await put(page, { meta_description_nl: 'Anders' })
  t.equal((await read(page.id)).translations!.de.stale, true, 'the meta description counts')
  const reviewed = await call('POST', `/api/pages/${page.id}/translations/de/review`, tess)
  t.equal(reviewed.statusCode, 200)
  t.match(reviewed.json<Page>().translations!.de, {
    reviewed_by: 'translator-t1',
    stale: false,
    state: 'published',
  })
  const refused = await call('POST', `/api/pages/${page.id}/translations/en/review`, tess)
  t.equal(refused.statusCode, 403)
  t.match(refused.json(), { code: 'FORBIDDEN_LANGUAGE', message: /de language/ })
  const publish = await call('POST', `/api/pages/${page.id}/translations/de/unpublish`, tess)
  t.equal(publish.statusCode, 403, 'taking a language down needs content.publish')
  t.equal((await call('POST', `/api/pages/${page.id}/translations/xx/review`)).statusCode, 400)
  t.equal((await call('POST', `/api/pages/${'0'.repeat(24)}/translations/de/review`)).statusCode, 404)
})

t.test('publish and take down one language alone; Dutch only with the page', async (t) => {
  const page = await make()
  const down = await call('POST', `/api/pages/${page.id}/translations/de/unpublish`)
  t.equal(down.statusCode, 200)
  t.same(down.json<Page>().languages, ['nl', 'en'])
  t.match(down.json<Page>().translations!.de, { published: false, live: false, state: 'reviewed' })
  t.match(down.json<Page>().translations!.en, { published: true, live: true })
  // The editor's next save goes over the version the action answered (If-Match, issue 45).
  const etag = String(down.headers.etag)
  t.equal((await put(page, { title_en: 'About' }, { ...eddie, 'if-match': '"old"' })).statusCode, 412)
  const saved = await put(down.json<Page>(), { title_en: 'About us' }, { ...eddie, 'if-match': etag })
  t.equal(saved.statusCode, 200, 'a save over the answered version passes')
  const pub = (await call('GET', `/api/pages/slug/${page.slug}`, {})).json<Page>()
  t.same(pub.languages, ['nl', 'en'], 'the public read at once (the cache purged)')
  t.equal(pub.title_de, null, 'visitors get no German text')
  t.equal(pub.content_de, null)
  t.equal(pub.title_en, 'About us', 'the English stays')
  t.notOk('translations' in pub, 'the per-language state is the admin read only')
  const list = (await call('GET', '/api/pages?pageSize=50', {})).json<PagedList<PageSummary>>()
  t.match(
    list.items.find((p) => p.id === page.id),
    { languages: ['nl', 'en'], title_de: null },
  )
  t.equal((await read(page.id)).title_de, 'Über uns', 'the editor keeps the German text')
  const audit = await s.app.changes.log.model.find({ target_id: page.id, action: 'unpublish' }).lean()
  t.equal(audit.length, 1, 'the unpublish is in the audit trail')
  const src = await call('POST', `/api/pages/${page.id}/translations/nl/unpublish`)
  t.equal(src.statusCode, 409)
  t.match(src.json(), { code: 'SOURCE_LANGUAGE', message: /unpublish the page instead/ })
  const back = await call('POST', `/api/pages/${page.id}/translations/de/publish`)
  t.same(back.json<Page>().languages, ['nl', 'en', 'de'])
  t.equal((await call('GET', `/api/pages/slug/${page.slug}`, {})).json<Page>().title_de, 'Über uns')
  const bare = await make({ ...base(), title_de: null, content_de: null })
  t.same(bare.languages, ['nl', 'en'])
  t.equal(bare.translations!.de.state, 'missing')
  const none = await call('POST', `/api/pages/${bare.id}/translations/de/publish`)
  t.equal(none.statusCode, 409)
  t.match(none.json(), { code: 'NO_TEXT', message: /no German text/ })
  // Adding German later: a person's translation of the current source.
  const added = (await put(bare, { title_de: 'Neu', content_de: '<p>Neu</p>' })).json<Page>()
  t.match(added.translations!.de, { origin: 'human', source_lang: 'nl', stale: false, live: true })
})

t.test('the board: a row per page, counts per language, filters, paging', async (t) => {
  const board = (await call('GET', '/api/pages/translations?pageSize=50')).json<TranslationBoard>()
  const pages = await pageModel(s.app.db).countDocuments()
  t.equal(board.total, pages)
  t.ok(board.items.every((r) => r.type === 'page'))
  for (const lang of ['nl', 'en', 'de'] as const) {
    const sum = Object.values(board.counts[lang]).reduce((a, b) => a + b, 0)
    t.equal(sum, pages, `every page counted once for ${lang}`)
    const byState = board.items.filter((r) => r.cells[lang].state === 'stale').length
    t.equal(board.counts[lang].stale, byState, `${lang}: stale count matches the rows`)
  }
  t.equal(board.counts.nl.published, pages, 'every page is on the site in Dutch')
  t.equal(board.counts.de.missing, 0, 'the page without German got it later')
  const stale = (await call('GET', '/api/pages/translations?lang=en&state=stale')).json<TranslationBoard>()
  t.ok(stale.total >= 1)
  t.ok(stale.items.every((r) => r.cells.en.state === 'stale'))
  const paged = (await call('GET', '/api/pages/translations?pageSize=1&page=2')).json<TranslationBoard>()
  t.equal(paged.items.length, 1)
  t.same(paged.counts, board.counts, 'counts over every page, not only this one')
  t.equal((await call('GET', '/api/pages/translations', tess)).statusCode, 200, 'a translator reads it')
  t.equal((await call('GET', '/api/pages/translations', {})).statusCode, 401)
})
