// @tier services
import t from 'tap'
import { testApp, createTestSession, testEnv } from '@site/service-kit/testing'
import type { SiteContent } from '@site/contracts'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { DEFAULT_CONTENT, DEFAULT_FEATURES } from '../src/seed-data.js'
import { content, text } from './helpers.js'

const valid = () => ({ ...DEFAULT_CONTENT })

t.test('a fresh install serves the seeded content, with ETag and 304', async (t) => {
  const { app } = await testApp({ ...content, t })
  const res = await app.inject({ method: 'GET', url: '/api/content' })
  t.equal(res.statusCode, 200)
  const body = res.json<SiteContent>()
  t.equal(body.title_nl, DEFAULT_CONTENT.title_nl)
  t.equal(body.title_de, DEFAULT_CONTENT.title_de)
  t.equal(body.email, DEFAULT_CONTENT.email)
  t.match(res.headers['cache-control'], /s-maxage=\d+/)
  t.equal(res.headers['surrogate-key'], 'content')
  const etag = res.headers.etag as string
  t.match(etag, /^"[^"]+"$/)
  const again = await app.inject({ method: 'GET', url: '/api/content', headers: { 'if-none-match': etag } })
  t.equal(again.statusCode, 304)
  t.equal(again.body, '')
  t.equal(again.headers.etag, etag)
  const other = await app.inject({
    method: 'GET',
    url: '/api/content',
    headers: { 'if-none-match': '"other"' },
  })
  t.equal(other.statusCode, 200)
})

t.test('saving content: anonymous 401, admin 200, caches invalidated', async (t) => {
  const { app, admin } = await testApp({ ...content, t })
  const before = await app.inject({ method: 'GET', url: '/api/content' })
  const anon = await app.inject({ method: 'POST', url: '/api/content', payload: valid() })
  t.equal(anon.statusCode, 401)
  t.equal(anon.json().message, 'Please sign in as an administrator.')
  const anonBad = await app.inject({ method: 'POST', url: '/api/content', payload: { title_nl: text(201) } })
  t.equal(anonBad.statusCode, 401, 'an anonymous write is 401 whatever its body')

  const saved = await app.inject({
    method: 'POST',
    url: '/api/content',
    headers: admin,
    payload: { ...valid(), title_en: 'New title', title_de: '' },
  })
  t.equal(saved.statusCode, 200)
  t.equal(saved.json().title_en, 'New title')
  t.equal(saved.json().title_de, null, 'an empty German field is stored as null')
  const after = await app.inject({
    method: 'GET',
    url: '/api/content',
    headers: { 'if-none-match': before.headers.etag as string },
  })
  t.equal(after.statusCode, 200, 'the old ETag no longer matches')
  t.equal(after.json().title_en, 'New title')
  t.not(after.headers.etag, before.headers.etag)

  const noDe = valid() as Record<string, unknown>
  for (const k of Object.keys(noDe)) if (k.endsWith('_de')) delete noDe[k]
  const withoutGerman = await app.inject({
    method: 'POST',
    url: '/api/content',
    headers: admin,
    payload: noDe,
  })
  t.equal(withoutGerman.statusCode, 200, 'German is optional')
  t.equal(withoutGerman.json().intro_de, null)
})

t.test('every content limit at its edge, with the spec messages', async (t) => {
  const { app, admin } = await testApp({ ...content, t })
  const post = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/content', headers: admin, payload })
  const cases: Array<[string, number, string]> = [
    ['title_nl', 200, 'Nederlandse titel moet 200 karakters of minder zijn'],
    ['title_en', 200, 'English title must be 200 characters or less'],
    ['title_de', 200, 'Deutscher Titel darf höchstens 200 Zeichen lang sein'],
    ['intro_nl', 800, 'Nederlandse intro moet 800 karakters of minder zijn'],
    ['intro_en', 800, 'English intro must be 800 characters or less'],
    ['intro_de', 800, 'Deutsches Intro darf höchstens 800 Zeichen lang sein'],
    ['subtitle_nl', 200, 'Nederlandse ondertitel moet 200 karakters of minder zijn'],
    ['subtitle_en', 200, 'English subtitle must be 200 characters or less'],
    ['subtitle_de', 200, 'Deutscher Untertitel darf höchstens 200 Zeichen lang sein'],
    ['philosophy_title_nl', 200, 'Nederlandse filosofietitel moet 200 karakters of minder zijn'],
    ['philosophy_title_en', 200, 'English philosophy title must be 200 characters or less'],
    ['philosophy_title_de', 200, 'Deutscher Philosophie-Titel darf höchstens 200 Zeichen lang sein'],
    ['philosophy_text_nl', 1000, 'Nederlandse filosofietekst moet 1000 karakters of minder zijn'],
    ['philosophy_text_en', 1000, 'English philosophy text must be 1000 characters or less'],
    ['philosophy_text_de', 1000, 'Deutscher Philosophie-Text darf höchstens 1000 Zeichen lang sein'],
    ['address', 100, 'Address must be 100 characters or less'],
    ['phone', 20, 'Phone must be 20 characters or less'],
  ]
  for (const [field, max, message] of cases) {
    const ok = await post({ ...valid(), [field]: text(max) })
    t.equal(ok.statusCode, 200, `${field} at ${max}`)
    t.equal(ok.json()[field], text(max))
    const bad = await post({ ...valid(), [field]: text(max + 1) })
    t.equal(bad.statusCode, 400, `${field} at ${max + 1}`)
    t.equal(bad.json().message, message)
  }
  const email = await post({ ...valid(), email: 'not-an-email' })
  t.equal(email.statusCode, 400)
  t.equal(email.json().message, 'Must be a valid email address')
  const missing = valid() as Record<string, unknown>
  delete missing.title_en
  const required = await post(missing)
  t.equal(required.statusCode, 400)
  t.equal(required.json().message, 'English title is required')
  const empty = await post({ ...valid(), intro_nl: '' })
  t.equal(empty.json().message, 'Nederlandse intro is verplicht')
  const current = await app.inject({ method: 'GET', url: '/api/content' })
  t.equal(current.json().phone, text(20), 'rejected saves changed nothing')
})

t.test('seeding is idempotent and never overwrites admin edits', async (t) => {
  const env = testEnv('content')
  const first = await buildApp(readConfig(env))
  await first.ready()
  const { cookie } = await createTestSession(env)
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' }
  const features = (await first.inject({ method: 'GET', url: '/api/features' })).json<Array<{ id: string }>>()
  t.equal(features.length, DEFAULT_FEATURES.length)
  await first.inject({
    method: 'POST',
    url: '/api/content',
    headers,
    payload: { ...valid(), title_nl: 'Eigen titel' },
  })
  await first.inject({ method: 'DELETE', url: `/api/features/${features[0]!.id}`, headers })
  await first.close()

  const second = await buildApp(readConfig(env))
  await second.ready()
  t.teardown(async () => {
    await second.db.dropDatabase()
    await second.close()
  })
  const content = (await second.inject({ method: 'GET', url: '/api/content' })).json()
  t.equal(content.title_nl, 'Eigen titel', 'the edit survived a restart')
  const after = (await second.inject({ method: 'GET', url: '/api/features' })).json<unknown[]>()
  t.equal(after.length, DEFAULT_FEATURES.length - 1, 'a deleted default feature stays deleted')
  t.equal(await second.db.collection('content').countDocuments(), 1)
})

t.test(
  "a write on one replica clears the cache of another (the read version), not another deployment's",
  async (t) => {
    const env = testEnv('content')
    const a = await buildApp(readConfig(env))
    const b = await buildApp(readConfig(env))
    // Another deployment on the same Redis (its own QUEUE_PREFIX and database).
    const other = await buildApp(readConfig(testEnv('content', { CONTENT_CACHE_TTL_MS: '600000' })))
    await Promise.all([a.ready(), b.ready(), other.ready()])
    t.teardown(async () => {
      await Promise.all([a.db.dropDatabase(), other.db.dropDatabase()])
      await Promise.all([a.close(), b.close(), other.close()])
    })
    // `other` caches its answer; a change behind its back shows only if its cache is cleared.
    t.equal(
      (await other.inject({ method: 'GET', url: '/api/content' })).json().title_en,
      DEFAULT_CONTENT.title_en,
    )
    await other.db.collection('content').updateOne({}, { $set: { title_en: 'Changed behind the cache' } })
    const { cookie } = await createTestSession(env)
    const seenByB = await b.inject({ method: 'GET', url: '/api/content' })
    t.equal(seenByB.json().title_en, DEFAULT_CONTENT.title_en)
    const saved = await a.inject({
      method: 'POST',
      url: '/api/content',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      payload: { ...valid(), title_en: 'Changed on A' },
    })
    t.equal(saved.statusCode, 200)
    // The announcement travels through Redis; wait for it without a timed assertion.
    let title = ''
    for (let i = 0; i < 100 && title !== 'Changed on A'; i++) {
      title = (await b.inject({ method: 'GET', url: '/api/content' })).json().title_en
      if (title !== 'Changed on A') await new Promise((r) => setTimeout(r, 50))
    }
    t.equal(title, 'Changed on A')
    t.equal(
      (await other.inject({ method: 'GET', url: '/api/content' })).json().title_en,
      DEFAULT_CONTENT.title_en,
      "another deployment's cache is untouched by this one's writes",
    )
  },
)

t.test('the service describes itself and answers its probes', async (t) => {
  const { app } = await testApp({ ...content, t })
  const spec = await app.inject({ method: 'GET', url: '/openapi.json' })
  t.equal(spec.statusCode, 200)
  const paths = Object.keys(spec.json().paths)
  for (const p of [
    '/api/content',
    '/api/features',
    '/api/features/order',
    '/api/features/{id}',
    '/api/pages',
    '/api/pages/{id}',
    '/api/projects',
    '/api/projects/{id}',
    '/api/projects/upload',
  ]) {
    t.ok(paths.includes(p), `OpenAPI lists ${p}`)
  }
  const health = await app.inject({ method: 'GET', url: '/api/content/health' })
  t.equal(health.statusCode, 200)
  t.equal(health.json().service, 'content')
})
