// @tier services
// Issue 47 item 4: the editor's side by side asks what changed in a language's source since it was
// translated. An edit of the Dutch after an English translation answers the changed field with its
// text then (from the kept revisions) and now; unchanged fields are not listed; a translator of
// another language gets 403, a malformed id 404.
import t from 'tap'
import { createTestSession } from '@site/service-kit/testing'
import type { BlogPost, SourceChanges } from '@site/contracts'
import { blogApp } from './helpers.js'

const s = await blogApp()
t.teardown(() => s.close())

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
  call('GET', `/api/blog/${id}/translations/${lang}/source-changes`, h)

t.test('an edit of the Dutch after the English translation: then and now of that field', async (t) => {
  const post = (
    await call('POST', '/api/blog', eddie, {
      title_nl: 'Offertes automatiseren',
      title_en: 'Automating quotes',
      excerpt_nl: 'Kort',
      excerpt_en: 'Short',
      content_nl: '<p>Inhoud</p>',
      content_en: '<p>Content</p>',
    })
  ).json<BlogPost>()
  let res = await changes(post.id, 'en')
  t.equal(res.statusCode, 200)
  t.same(res.json(), { source_lang: 'nl', stale: false, found: true, fields: [] }, 'current: nothing changed')
  // The English is translated (a person's edit), then the Dutch title is corrected twice.
  await call('PUT', `/api/blog/${post.id}`, eddie, { title_en: 'Automating your quotes' })
  await call('PUT', `/api/blog/${post.id}`, eddie, { title_nl: 'Offertes sneller maken' })
  await call('PUT', `/api/blog/${post.id}`, eddie, { title_nl: 'Offertes sneller versturen' })
  res = await changes(post.id, 'en')
  t.equal(res.statusCode, 200)
  t.same(res.json<SourceChanges>(), {
    source_lang: 'nl',
    stale: true,
    found: true,
    fields: [{ field: 'title', then: 'Offertes automatiseren', now: 'Offertes sneller versturen' }],
  })
  // The translator of English may read it; the translator of German may not.
  t.equal((await changes(post.id, 'en', erin)).statusCode, 200)
  const refused = await changes(post.id, 'en', tess)
  t.equal(refused.statusCode, 403)
  t.equal(refused.json().code, 'FORBIDDEN_LANGUAGE')
  // The source language itself has nothing to compare with.
  t.same((await changes(post.id, 'nl')).json(), { source_lang: null, stale: false, found: true, fields: [] })
  // Dismissed ("still right"): current again, nothing listed.
  await call('POST', `/api/blog/${post.id}/translations/en/dismiss`)
  t.same((await changes(post.id, 'en')).json<SourceChanges>().fields, [])
})

t.test('no revision with the source as it was: then is null', async (t) => {
  const post = (
    await call('POST', '/api/blog', eddie, {
      title_nl: 'Eerst',
      title_en: 'First',
      excerpt_nl: 'K',
      excerpt_en: 'S',
      content_nl: '<p>A</p>',
      content_en: '<p>E</p>',
    })
  ).json<BlogPost>()
  t.ok(post.id, 'created')
  await call('PUT', `/api/blog/${post.id}`, eddie, { content_nl: '<p>B</p>' })
  // The history is gone (trimmed, or the post is older than it).
  await s.app.changes.log.model.deleteMany({ kind: 'post', target_id: post.id })
  const body = (await changes(post.id, 'en')).json<SourceChanges>()
  t.equal(body.stale, true)
  t.equal(body.found, false)
  t.match(body.fields, [
    { field: 'title', then: null, now: 'Eerst' },
    { field: 'excerpt' },
    { field: 'content', then: null, now: '<p>B</p>' },
    { field: 'meta_description' },
  ])
})

t.test('a malformed or unknown id is a 404; an unknown language a 400', async (t) => {
  t.equal((await changes('nope', 'en')).statusCode, 404)
  t.equal((await changes('65a000000000000000000000', 'en')).statusCode, 404)
  t.equal((await changes('65a000000000000000000000', 'fr')).statusCode, 400)
})
