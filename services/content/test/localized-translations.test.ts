// @tier services
// Issue 47 for features and the site content: per language origin, source revision, stale (from a
// hash of the Dutch translatable fields only), review and "still right" by a named person,
// translators only in their languages, no per-language publishing (409 NO_LANGUAGE_SWITCH), the
// public reads without the state, and both kinds' boards.
import t from 'tap'
import { createTestSession, testApp } from '@site/service-kit/testing'
import type { Feature, SiteContent, TranslationBoard } from '@site/contracts'
import { content } from './helpers.js'
import { featureModel } from '../src/models/feature.js'

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
const base = {
  icon: 'bolt',
  title_nl: 'Snel',
  title_en: 'Fast',
  title_de: 'Schnell',
  description_nl: 'Heel snel',
  description_en: 'Very fast',
  description_de: 'Sehr schnell',
}
const make = async (body: object = base) => {
  const res = await call('POST', '/api/features', eddie, body)
  t.equal(res.statusCode, 201)
  return res.json<Feature>()
}
const pick = (f: Feature) => {
  const { id, sort_order, translations, ...rest } = f
  void [id, sort_order, translations]
  return rest
}
const put = (f: Feature, change: object, h: object = eddie) =>
  call('PUT', `/api/features/${f.id}`, h, { ...pick(f), ...change })
const read = async (id: string) => (await call('GET', `/api/features/${id}`)).json<Feature>()

t.test('a feature: current when made; stale after a Dutch edit of its texts only', async (t) => {
  const feature = await make()
  t.match(feature.translations, {
    nl: { origin: 'human', source_lang: null, stale: false, live: true, state: 'published' },
    en: { origin: 'human', source_lang: 'nl', stale: false, state: 'published' },
    de: { origin: 'human', source_lang: 'nl', stale: false, state: 'published' },
  })
  let after = (await put(feature, { icon: 'rocket' })).json<Feature>()
  t.equal(after.translations!.en.stale, false, 'the icon does not count')
  after = (await put(after, { description_nl: 'Razendsnel' })).json<Feature>()
  t.match(after.translations!.en, { stale: true, state: 'stale' })
  t.match(after.translations!.de, { stale: true, state: 'stale' })
  t.equal(after.translations!.nl.stale, false, 'the source is never stale')
  t.equal((await read(feature.id)).translations!.en.stale, true, 'the admin read says the same')
  const pub = (await call('GET', '/api/features', {})).json<Feature[]>()
  t.notOk('translations' in pub.find((f) => f.id === feature.id)!, 'the public list has no state')
  // Editing the German is the person's translation of the current Dutch.
  after = (await put(after, { title_de: 'Blitzschnell' })).json<Feature>()
  t.match(after.translations!.de, { stale: false, origin: 'human' })
  t.equal(after.translations!.en.stale, true, 'the English still waits')
  const dismissed = await call('POST', `/api/features/${feature.id}/translations/en/dismiss`)
  t.equal(dismissed.statusCode, 200)
  t.match(dismissed.json<Feature>().translations!.en, { stale: false, reviewed_by: 'editor-e1' })
  t.ok(Date.parse(dismissed.json<Feature>().translations!.en.reviewed_at!))
  t.ok(dismissed.headers.etag, 'answered with its version')
  const audit = await s.app.changes.log.model
    .find({ kind: 'feature', target_id: feature.id, action: 'dismiss' })
    .lean()
  t.equal(audit.length, 1, 'the dismiss is in the audit trail')
  const bare = await make({ ...base, title_de: null, description_de: null })
  t.equal(bare.translations!.de.state, 'missing')
  const none = await call('POST', `/api/features/${bare.id}/translations/de/review`)
  t.equal(none.statusCode, 409)
  t.match(none.json(), { code: 'NO_TEXT', message: /feature has no German text/ })
})

t.test('a feature: review names the reviewer; translators; no language switch', async (t) => {
  const feature = await make()
  await put(feature, { title_nl: 'Vlot' })
  const reviewed = await call('POST', `/api/features/${feature.id}/translations/de/review`, tess)
  t.equal(reviewed.statusCode, 200)
  t.match(reviewed.json<Feature>().translations!.de, {
    reviewed_by: 'translator-t1',
    stale: false,
    state: 'published',
  })
  const refused = await call('POST', `/api/features/${feature.id}/translations/en/review`, tess)
  t.equal(refused.statusCode, 403)
  t.match(refused.json(), { code: 'FORBIDDEN_LANGUAGE', message: /de language/ })
  t.equal((await read(feature.id)).translations!.en.stale, true, 'the refused review wrote nothing')
  const audit = await s.app.changes.log.model.find({ target_id: feature.id, action: 'review' }).lean()
  t.match(audit, [{ kind: 'feature', actor_name: 'translator-t1' }], 'the review is in the audit trail')
  const publish = await call('POST', `/api/features/${feature.id}/translations/de/unpublish`)
  t.equal(publish.statusCode, 409)
  t.match(publish.json(), { code: 'NO_LANGUAGE_SWITCH', message: /shows the Dutch/ })
  t.equal((await call('POST', `/api/features/${feature.id}/translations/xx/review`)).statusCode, 400)
  const unknown = `/api/features/${'0'.repeat(24)}/translations/de/review`
  t.equal((await call('POST', unknown)).statusCode, 404)
  t.equal((await call('GET', `/api/features/${feature.id}`, tess)).statusCode, 200, 'a translator reads it')
  t.equal((await call('GET', `/api/features/${feature.id}`, {})).statusCode, 401)
})

t.test('the site content: stale after a Dutch edit of its texts, review, dismiss', async (t) => {
  const current = (await call('GET', '/api/content', {})).json<SiteContent>()
  t.notOk('translations' in current, 'the public read has no state')
  const { id, updated_at, translations, ...input } = current
  void [id, updated_at, translations]
  const saved = await call('POST', '/api/content', eddie, { ...input, phone: '+31 20 000 0000' })
  t.equal(saved.statusCode, 200)
  t.match(saved.json<SiteContent>().translations!.en, { stale: false, state: 'published' })
  const edited = await call('POST', '/api/content', eddie, { ...input, intro_nl: 'Nieuwe intro' })
  t.match(edited.json<SiteContent>().translations, {
    nl: { stale: false, source_lang: null },
    en: { stale: true, state: 'stale', source_lang: 'nl' },
    de: { stale: true, state: 'stale' },
  })
  const review = await call('POST', '/api/content/translations/de/review', tess)
  t.equal(review.statusCode, 200)
  t.match(review.json<SiteContent>().translations!.de, { stale: false, reviewed_by: 'translator-t1' })
  t.equal(review.json<SiteContent>().translations!.en.stale, true, 'the English still waits')
  const refused = await call('POST', '/api/content/translations/en/dismiss', tess)
  t.equal(refused.statusCode, 403)
  t.match(refused.json(), { code: 'FORBIDDEN_LANGUAGE' })
  const dismissed = await call('POST', '/api/content/translations/en/dismiss')
  t.match(dismissed.json<SiteContent>().translations!.en, { stale: false, reviewed_by: 'editor-e1' })
  for (const action of ['review', 'dismiss']) {
    const audit = await s.app.changes.log.model.find({ kind: 'content', action }).lean()
    t.equal(audit.length, 1, `the ${action} is in the audit trail`)
  }
  // An edit of the English: the person's own, current.
  const en = await call('POST', '/api/content', eddie, {
    ...input,
    intro_nl: 'Nieuwe intro',
    intro_en: 'New',
  })
  t.match(en.json<SiteContent>().translations!.en, { origin: 'human', stale: false })
  const publish = await call('POST', '/api/content/translations/en/publish')
  t.equal(publish.statusCode, 409)
  t.match(publish.json(), { code: 'NO_LANGUAGE_SWITCH' })
})

t.test('the boards of features and of the site content', async (t) => {
  const board = (await call('GET', '/api/features/translations?pageSize=50')).json<TranslationBoard>()
  const features = await featureModel(s.app.db).countDocuments()
  t.equal(board.total, features)
  t.ok(board.items.every((r) => r.type === 'feature' && r.published))
  for (const lang of ['nl', 'en', 'de'] as const) {
    const sum = Object.values(board.counts[lang]).reduce((a, b) => a + b, 0)
    t.equal(sum, features, `every feature counted once for ${lang}`)
    const byState = board.items.filter((r) => r.cells[lang].state === 'stale').length
    t.equal(board.counts[lang].stale, byState, `${lang}: stale count matches the rows`)
  }
  t.equal(board.counts.en.stale, 1, 'the one feature whose English waits')
  t.equal(board.counts.de.missing, 1, 'the one feature without German')
  const stale = (await call('GET', '/api/features/translations?lang=en&state=stale')).json<TranslationBoard>()
  t.equal(stale.total, 1)
  t.ok(stale.items.every((r) => r.cells.en.state === 'stale'))
  const site = (await call('GET', '/api/content/translations')).json<TranslationBoard>()
  t.equal(site.total, 1)
  t.match(site.items[0], { type: 'content', id: 'site', cells: { en: { state: 'published' } } })
  t.same(site.counts.en, { missing: 0, needs_review: 0, stale: 0, reviewed: 0, published: 1 })
  t.equal((await call('GET', '/api/features/translations', tess)).statusCode, 200, 'a translator reads it')
  t.equal((await call('GET', '/api/content/translations', {})).statusCode, 401)
})
