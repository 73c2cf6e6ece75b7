// @tier services
// Issue 47 in the blog service: per language, per post: origin, source revision, stale (from a hash
// of the source's translatable fields only), review by a named person, publish and take down one
// language alone, the machine's re-translation never over a person's edit without asking, the
// per-language "review before live" setting (also for updates), the board, and translators only
// in their languages. The model is the OpenAI-protocol test double; the offline path without it.
import t from 'tap'
import { createTestSession } from '@site/service-kit/testing'
import type { BlogPost, TranslationBoard } from '@site/contracts'
import { blogApp, startFakeLlm } from './helpers.js'
import { writeHumanTranslation } from '../src/translations/writes.js'
import { postModel } from '../src/models/post.js'

const llm = await startFakeLlm()
t.teardown(() => llm.close())
const s = await blogApp(llm.env)
t.teardown(() => s.close())
const offline = await blogApp()
t.teardown(() => offline.close())

const headers = async (app: typeof s, id: string, role: string, languages: string[] = []) => ({
  cookie: (await createTestSession(app.env, { id, username: `${role}-${id}`, role, languages })).cookie,
  'x-requested-with': 'XMLHttpRequest',
})
const eddie = await headers(s, 'e1', 'editor')
const tess = await headers(s, 't1', 'translator', ['de'])
type Method = 'GET' | 'POST' | 'PUT'
const call = (method: Method, url: string, h: object = eddie, payload?: object, app = s) =>
  app.app.inject({ method, url, headers: h as Record<string, string>, ...(payload ? { payload } : {}) })
const base = {
  title_nl: 'Automatiseren',
  title_en: 'Automating',
  title_de: 'Automatisieren',
  excerpt_nl: 'Kort',
  excerpt_en: 'Short',
  excerpt_de: 'Kurz',
  content_nl: '<p>Inhoud</p>',
  content_en: '<p>Content</p>',
  content_de: '<p>Inhalt</p>',
  published: true,
}
const make = async (body: object = base) => (await call('POST', '/api/blog', eddie, body)).json<BlogPost>()
const read = async (id: string) => (await call('GET', `/api/blog/${id}`)).json<BlogPost>()

t.test(
  'a new post: every language human, current, on the site; stale only after a source change',
  async (t) => {
    const post = await make()
    t.match(post.translations, {
      nl: { origin: 'human', source_lang: null, stale: false, published: true, state: 'published' },
      en: { origin: 'human', source_lang: 'nl', stale: false, state: 'published' },
      de: { origin: 'human', source_lang: 'nl', stale: false, state: 'published' },
    })
    t.same(post.languages, ['nl', 'en', 'de'])
    // Not translatable: no language goes stale.
    let after = (
      await call('PUT', `/api/blog/${post.id}`, eddie, { tags: ['x'], slug: 'other-slug' })
    ).json<BlogPost>()
    t.equal(after.translations!.en.stale, false, 'tags and slug do not count')
    after = (await call('PUT', `/api/blog/${post.id}`, eddie, { content_nl: '<p>Nieuwe inhoud</p>' })).json()
    t.equal(after.translations!.en.stale, true, 'en stale after the Dutch body changed')
    t.equal(after.translations!.de.stale, true)
    t.equal(after.translations!.de.state, 'stale')
    t.equal(after.translations!.nl.stale, false, 'the source is never stale')
    // Editing the German is the person's translation of the current source.
    after = (await call('PUT', `/api/blog/${post.id}`, eddie, { content_de: '<p>Neuer Inhalt</p>' })).json()
    t.equal(after.translations!.de.stale, false, 'an edit clears stale')
    t.equal(after.translations!.de.origin, 'human')
    t.equal(after.translations!.en.stale, true, 'the English still waits')
    // Dismiss: "still right", names the person.
    const dismissed = await call('POST', `/api/blog/${post.id}/translations/en/dismiss`)
    t.equal(dismissed.statusCode, 200)
    t.match(dismissed.json<BlogPost>().translations!.en, { stale: false, reviewed_by: 'editor-e1' })
    t.ok(Date.parse(dismissed.json<BlogPost>().translations!.en.reviewed_at!))
    const audit = await s.app.changes.log.model.find({ target_id: post.id, action: 'dismiss' }).lean()
    t.equal(audit.length, 1, 'the dismiss is in the audit trail')
  },
)

t.test('publish and take down one language alone; the source only with the post', async (t) => {
  const post = await make()
  const down = await call('POST', `/api/blog/${post.id}/translations/de/unpublish`)
  t.equal(down.statusCode, 200)
  t.same(down.json<BlogPost>().languages, ['nl', 'en'])
  t.match(down.json<BlogPost>().translations!.de, { published: false, live: false, state: 'reviewed' })
  const pub = (await call('GET', `/api/blog/slug/${post.slug}`, {})).json<BlogPost>()
  t.same(pub.languages, ['nl', 'en'], 'the public read at once (the cache purged)')
  t.notOk('translations' in pub, 'the per-language state is the admin read only')
  const src = await call('POST', `/api/blog/${post.id}/translations/nl/unpublish`)
  t.equal(src.statusCode, 409)
  t.match(src.json(), { code: 'SOURCE_LANGUAGE', message: /unpublish the post instead/ })
  t.same((await call('POST', `/api/blog/${post.id}/translations/de/publish`)).json<BlogPost>().languages, [
    'nl',
    'en',
    'de',
  ])
  const bare = await make({ ...base, title_de: null, excerpt_de: null, content_de: null })
  t.same(bare.languages, ['nl', 'en'])
  t.equal(bare.translations!.de.state, 'missing')
  const none = await call('POST', `/api/blog/${bare.id}/translations/de/publish`)
  t.equal(none.statusCode, 409)
  t.match(none.json(), { code: 'NO_TEXT', message: /no German text/ })
  t.equal((await call('POST', `/api/blog/${post.id}/translations/de/unpublish`, tess)).statusCode, 403)
  t.equal((await call('POST', `/api/blog/${post.id}/translations/xx/unpublish`)).statusCode, 400)
})

t.test('machine translation: needs review, 409 over a person, held until review when asked', async (t) => {
  const post = await make({ ...base, title_de: null, excerpt_de: null, content_de: null })
  const made = await call('POST', `/api/blog/translate/${post.id}/de`, eddie, {})
  t.equal(made.statusCode, 200)
  const de = made.json<BlogPost>()
  t.match(de.title_de, /^\[GE\] Automatiseren/)
  t.match(de.translations!.de, { origin: 'machine', needs_review: true, state: 'needs_review', live: true })
  t.same(de.languages, ['nl', 'en', 'de'], 'machine text may go live before review by default')
  // A person edits the German title: a re-translation asks first.
  await call('PUT', `/api/blog/${post.id}`, eddie, { title_de: 'Von Hand' })
  const asked = await call('POST', `/api/blog/translate/${post.id}/de`, eddie, {})
  t.equal(asked.statusCode, 409)
  t.match(asked.json(), { code: 'HUMAN_EDITS', message: /title_de/ })
  t.notMatch(
    asked.json<{ message: string }>().message,
    /content_de/,
    'the untouched machine body is no conflict',
  )
  t.equal(asked.headers['x-human-fields'], 'title_de')
  t.equal((await read(post.id)).title_de, 'Von Hand', 'nothing was overwritten')
  // Review required for German from now on: also an update of a published translation is held.
  const set = await call('PUT', '/api/translations/settings', eddie, { publish_unreviewed: { de: false } })
  t.same(set.json(), { publish_unreviewed: { en: true, de: false } })
  const again = await call('POST', `/api/blog/translate/${post.id}/de`, eddie, {
    overwrite: true,
  })
  t.equal(again.statusCode, 200)
  t.match(again.json<BlogPost>().title_de, /^\[GE\]/)
  t.match(again.json<BlogPost>().translations!.de, { held: true, published: false, live: false })
  t.same(again.json<BlogPost>().languages, ['nl', 'en'], 'not public in German until reviewed')
  const reviewed = await call('POST', `/api/blog/${post.id}/translations/de/review`, tess)
  t.equal(reviewed.statusCode, 200)
  t.match(reviewed.json<BlogPost>().translations!.de, {
    reviewed_by: 'translator-t1',
    needs_review: false,
    held: false,
    live: true,
    state: 'published',
  })
  t.same(
    reviewed.json<BlogPost>().machine_translated.filter((f) => f.endsWith('_de')),
    [],
  )
  await call('PUT', '/api/translations/settings', eddie, { publish_unreviewed: { de: true } })
  t.equal((await call('POST', `/api/blog/translate/${post.id}/nl`, eddie, {})).statusCode, 409)
})

t.test('the offline path: the source text, marked untranslated, never live before review', async (t) => {
  const h = await headers(offline, 'e2', 'editor')
  const made = (
    await call(
      'POST',
      '/api/blog',
      h,
      { ...base, title_de: null, excerpt_de: null, content_de: null },
      offline,
    )
  ).json<BlogPost>()
  const res = await call('POST', `/api/blog/translate/${made.id}/de`, h, {}, offline)
  t.equal(res.statusCode, 200)
  const post = res.json<BlogPost>()
  t.equal(post.title_de, 'Automatiseren')
  t.ok(post.untranslated.includes('content_de'))
  t.match(post.translations!.de, { needs_review: true, held: true, live: false })
})

t.test('a translator: only their languages', async (t) => {
  const post = await make()
  t.equal((await call('POST', `/api/blog/${post.id}/translations/en/review`, tess)).statusCode, 403)
  const refused = await call('POST', `/api/blog/translate/${post.id}/en`, tess, {})
  t.equal(refused.statusCode, 403)
  t.match(refused.json(), { code: 'FORBIDDEN_LANGUAGE', message: /de language/ })
  t.equal((await call('POST', `/api/blog/${post.id}/translations/de/dismiss`, tess)).statusCode, 200)
  t.equal((await call('PUT', `/api/blog/${post.id}`, tess, { title_en: 'No' })).statusCode, 403)
  t.equal(
    (await call('PUT', '/api/translations/settings', tess, { publish_unreviewed: { de: false } })).statusCode,
    403,
  )
})

t.test('writeHumanTranslation: a person’s text, current with the source, machine marks gone', async (t) => {
  const post = await make({ ...base, title_de: null, excerpt_de: null, content_de: null })
  await call('POST', `/api/blog/translate/${post.id}/de`, eddie, {})
  await call('PUT', `/api/blog/${post.id}`, eddie, { excerpt_nl: 'Anders' })
  t.equal((await read(post.id)).translations!.de.stale, true)
  await writeHumanTranslation(postModel(s.app.db), post.id, 'de', { title: 'Titel', excerpt: 'Auszug' })
  const after = await read(post.id)
  t.match(after.translations!.de, { origin: 'human', stale: false, needs_review: false })
  t.equal(after.title_de, 'Titel')
})

t.test('the board: a row per post, counts per language, filters, paging', async (t) => {
  const board = (await call('GET', '/api/translations?pageSize=50')).json<TranslationBoard>()
  const posts = await postModel(s.app.db).countDocuments()
  t.equal(board.total, posts)
  for (const lang of ['nl', 'en', 'de'] as const) {
    const sum = Object.values(board.counts[lang]).reduce((a, b) => a + b, 0)
    t.equal(sum, posts, `${lang}: every post counted once`)
    const counted = board.items.filter((r) => r.cells[lang].state === 'missing').length
    t.equal(board.counts[lang].missing, counted, `${lang}: missing matches the rows`)
  }
  const stale = (await call('GET', '/api/translations?lang=en&state=stale')).json<TranslationBoard>()
  t.equal(stale.total, board.counts.en.stale)
  t.ok(stale.items.every((r) => r.cells.en.state === 'stale'))
  const paged = (await call('GET', '/api/translations?pageSize=2&page=2')).json<TranslationBoard>()
  t.equal(paged.items.length, Math.min(2, Math.max(0, posts - 2)))
  t.equal((await call('GET', '/api/translations', tess)).statusCode, 200, 'a translator reads the board')
  t.equal((await call('GET', '/api/translations', {})).statusCode, 401)
  t.equal((await call('GET', '/api/translations?state=nope')).statusCode, 400)
  // The pages' board is the content service's: the one address leads there with the same query.
  const pages = await call('GET', '/api/translations?type=page&lang=de&state=stale')
  t.equal(pages.statusCode, 307)
  t.equal(pages.headers.location, '/api/pages/translations?type=page&lang=de&state=stale')
  t.equal((await call('GET', '/api/translations?type=page', {})).statusCode, 401, 'signed in first')
  for (const [type, to] of [
    ['feature', '/api/features/translations'],
    ['content', '/api/content/translations'],
  ]) {
    const res = await call('GET', `/api/translations?type=${type}&lang=en`)
    t.equal(res.statusCode, 307, `type=${type} leads to the content service`)
    t.equal(res.headers.location, `${to}?type=${type}&lang=en`)
  }
})
