// @tier services
// Issue 46 in the blog service: an author writes and reads only their own drafts and cannot publish,
// schedule or delete others' work; a translator changes only their languages' fields; an editor
// does all of it. Sessions of each role are written as the auth service writes them.
import t from 'tap'
import { createTestSession } from '@site/service-kit/testing'
import { blogApp } from './helpers.js'

const s = await blogApp()
t.teardown(() => s.close())
const headers = async (id: string, role: string, languages: string[] = []) => ({
  cookie: (await createTestSession(s.env, { id, username: `${role}-${id}`, role, languages })).cookie,
  'x-requested-with': 'XMLHttpRequest',
})
const anna = await headers('a1', 'author')
const bert = await headers('a2', 'author')
const tess = await headers('t1', 'translator', ['de'])
const eddie = await headers('e1', 'editor')
const base = {
  title_nl: 'Concept',
  title_en: 'Draft',
  excerpt_nl: 'Kort',
  excerpt_en: 'Short',
  content_nl: '<p>Inhoud</p>',
  content_en: '<p>Content</p>',
}
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, h: object, payload?: object) =>
  s.app.inject({ method, url, headers: h as Record<string, string>, ...(payload ? { payload } : {}) })

t.test('an author: own drafts only, never publishing or scheduling', async (t) => {
  t.equal((await call('POST', '/api/blog', anna, { ...base, published: true })).statusCode, 403)
  const future = new Date(Date.now() + 86400000).toISOString()
  t.equal(
    (await call('POST', '/api/blog', anna, { ...base, publish_at: future })).statusCode,
    403,
    'schedule',
  )
  const made = await call('POST', '/api/blog', anna, base)
  t.equal(made.statusCode, 201)
  const id = made.json().id as string
  const other = (await call('POST', '/api/blog', bert, { ...base, title_en: 'Bert' })).json().id as string
  t.equal((await call('PUT', `/api/blog/${id}`, anna, { title_en: 'Mine' })).statusCode, 200)
  const refused = await call('PUT', `/api/blog/${other}`, anna, { title_en: 'Yours' })
  t.equal(refused.statusCode, 403)
  t.match(refused.json(), { code: 'FORBIDDEN_NOT_YOURS', message: /your own drafts/ })
  t.equal((await call('GET', `/api/blog/${other}`, anna)).statusCode, 403, "another author's draft")
  t.equal((await call('DELETE', `/api/blog/${other}`, anna)).statusCode, 403)
  t.equal((await call('PUT', `/api/blog/${id}`, anna, { published: true })).statusCode, 403)
  const list = (await call('GET', '/api/blog?published=false', anna)).json() as { items: { id: string }[] }
  t.same(
    list.items.map((p) => p.id),
    [id],
    "an author's list holds only their posts",
  )
  t.equal((await call('POST', `/api/blog/${other}/preview`, anna)).statusCode, 403, 'no preview of others')
  t.equal((await call('POST', `/api/blog/${id}/preview`, anna)).statusCode, 200, 'a preview of their own')
  t.equal(
    (await call('PUT', `/api/blog/${id}`, eddie, { published: true })).statusCode,
    200,
    'the editor publishes',
  )
  t.equal(
    (await call('PUT', `/api/blog/${id}`, anna, { title_en: 'Later' })).statusCode,
    403,
    'published: no longer a draft',
  )
  t.equal(
    (await call('DELETE', `/api/blog/${other}`, bert)).statusCode,
    204,
    'an author deletes their own draft',
  )
})

t.test("a translator: only their languages' fields", async (t) => {
  const id = (await call('POST', '/api/blog', eddie, base)).json().id as string
  t.equal((await call('POST', '/api/blog', tess, base)).statusCode, 403, 'writes no new posts')
  const ok = await call('PUT', `/api/blog/${id}`, tess, { title_de: 'Entwurf', content_de: '<p>Inhalt</p>' })
  t.equal(ok.statusCode, 200)
  t.equal(ok.json().title_de, 'Entwurf')
  const en = await call('PUT', `/api/blog/${id}`, tess, { title_de: 'Entwurf', title_en: 'Changed' })
  t.equal(en.statusCode, 403)
  t.match(en.json(), { code: 'FORBIDDEN_FIELDS', message: /only change the de language fields/ })
  t.equal((await call('PUT', `/api/blog/${id}`, tess, { published: true })).statusCode, 403)
  t.equal((await call('GET', `/api/blog/${id}`, tess)).statusCode, 200, 'reads every document')
  t.equal((await call('DELETE', `/api/blog/${id}`, tess)).statusCode, 403)
})
