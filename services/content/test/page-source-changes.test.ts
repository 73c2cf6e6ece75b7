// @tier services
// Issue 47 item 4 for pages: the page editor's side by side asks what changed in the Dutch since a
// language was translated. An edit of the Dutch after an English translation answers the changed
// field with its text then (from the page's kept revisions) and now; unchanged fields are not
// listed; a translator of another language gets 403; without the revision `then` is null
// (found: false); a malformed or unknown id is a 404, an unknown language a 400.
import t from 'tap'
import { createTestSession, testApp } from '@site/service-kit/testing'
import type { Page, SourceChanges } from '@site/contracts'
import { content } from './helpers.js'

const s = await testApp({ ...content, t })
const headers = async (id: string, role: string, languages: string[] = []) => ({
  cookie: (await createTestSession(s.env, { id, username: `${role}-${id}`, role, languages })).cookie,
  'x-requested-with': 'XMLHttpRequest',
})
const eddie = await headers('e1', 'editor')
const tess = await headers('t1', 'translator', ['de'])
const erin = await headers('t2', 'translator', ['en'])
const call = (method: 'GET' | 'POST' | 'PUT', url: string, h: object = eddie, payload?: object) =>
  s.app.inject({ method, url, headers: h as Record<string, string>, ...(payload ? { payload } : {}) })
const changes = async (id: string, lang: string, h: object = eddie) =>
  call('GET', `/api/pages/${id}/translations/${lang}/source-changes`, h)
let n = 0
const make = async () => {
  const res = await call('POST', '/api/pages', eddie, {
    slug: `side-${++n}`,
    title_nl: 'Over ons',
    title_en: 'About us',
    content_nl: '<p>Hallo</p>',
    content_en: '<p>Hello</p>',
    meta_description_nl: 'Wie wij zijn',
  })
  t.equal(res.statusCode, 201)
  return res.json<Page>()
}
const put = async (page: Page, change: object) => {
  const { id, created_at, updated_at, translations, languages, publish_at, unpublish_at, ...rest } = page
  void [created_at, updated_at, translations, languages, publish_at, unpublish_at]
  const res = await call('PUT', `/api/pages/${id}`, eddie, { ...rest, ...change })
  t.equal(res.statusCode, 200)
  return res.json<Page>()
}

t.test('an edit of the Dutch after the English translation: then and now of that field', async (t) => {
  let page = await make()
  let res = await changes(page.id, 'en')
  t.equal(res.statusCode, 200)
  t.same(res.json(), { source_lang: 'nl', stale: false, found: true, fields: [] }, 'current: nothing changed')
  // The English is translated (a person's edit), then the Dutch title is corrected twice.
  page = await put(page, { title_en: 'About our team' })
  page = await put(page, { title_nl: 'Over het team' })
  page = await put(page, { title_nl: 'Over ons team', slug: `${page.slug}-moved` })
  res = await changes(page.id, 'en')
  t.equal(res.statusCode, 200)
  t.same(res.json<SourceChanges>(), {
    source_lang: 'nl',
    stale: true,
    found: true,
    fields: [{ field: 'title', then: 'Over ons', now: 'Over ons team' }],
  })
  // The translator of English may read it; the translator of German may not.
  t.equal((await changes(page.id, 'en', erin)).statusCode, 200)
  const refused = await changes(page.id, 'en', tess)
  t.equal(refused.statusCode, 403)
  t.equal(refused.json().code, 'FORBIDDEN_LANGUAGE')
  // The source language itself has nothing to compare with.
  t.same((await changes(page.id, 'nl')).json(), { source_lang: null, stale: false, found: true, fields: [] })
  // Dismissed ("still right"): current again, nothing listed.
  t.equal((await call('POST', `/api/pages/${page.id}/translations/en/dismiss`)).statusCode, 200)
  t.same((await changes(page.id, 'en')).json<SourceChanges>().fields, [])
})

t.test('no revision with the Dutch as it was: then is null', async (t) => {
  const page = await put(await make(), { content_nl: '<p>Dag</p>' })
  // The history is gone (trimmed, or the page is older than it).
  await s.app.changes.log.model.deleteMany({ kind: 'page', target_id: page.id })
  const body = (await changes(page.id, 'en')).json<SourceChanges>()
  t.equal(body.stale, true)
  t.equal(body.found, false)
  t.match(body.fields, [
    { field: 'title', then: null, now: 'Over ons' },
    { field: 'content', then: null, now: '<p>Dag</p>' },
    { field: 'meta_description', then: null, now: 'Wie wij zijn' },
  ])
  t.equal(body.fields.length, 3)
})

t.test('a malformed or unknown id is a 404; an unknown language a 400', async (t) => {
  t.equal((await changes('nope', 'en')).statusCode, 404)
  t.equal((await changes('65a000000000000000000000', 'en')).statusCode, 404)
  t.equal((await changes('65a000000000000000000000', 'fr')).statusCode, 400)
})
