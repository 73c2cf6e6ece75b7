// @tier services
// POST /api/blog and PUT /api/blog/{id} accept only the documented fields. Update
// operators, dotted and `$` keys, `_id`, and the fields only the service sets (dates, upload id,
// review marks, source language) are a 400 naming the field, and nothing is stored.
import t from 'tap'
import { blogApp } from './helpers.js'
import { postModel } from '../src/models/post.js'

const s = await blogApp()
t.teardown(() => s.close())
const { app, admin } = s
const posts = postModel(app.db)

const base = {
  title_nl: 'Strikte invoer',
  title_en: 'Strict input',
  excerpt_nl: 'Kort',
  excerpt_en: 'Short',
  content_nl: '<p>Inhoud</p>',
  content_en: '<p>Content</p>',
}
const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...admin, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  })

// [what, extra key and value, the field the message must name]
const FORBIDDEN: [string, Record<string, unknown>, string][] = [
  ['$set operator', { $set: { published: true } }, '$set'],
  ['$inc operator', { $inc: { views: 1 } }, '$inc'],
  ['$unset operator', { $unset: { title_nl: 1 } }, '$unset'],
  ['dotted key', { 'title_nl.x': 'y' }, 'title_nl.x'],
  ['dollar inside a key', { a$b: 1 }, 'a$b'],
  ['_id', { _id: '0123456789abcdef01234567' }, '_id'],
  ['id', { id: '0123456789abcdef01234567' }, 'id'],
  ['created_at', { created_at: '2001-01-01T00:00:00.000Z' }, 'created_at'],
  ['updated_at', { updated_at: '2001-01-01T00:00:00.000Z' }, 'updated_at'],
  ['source_upload_id', { source_upload_id: 'abc' }, 'source_upload_id'],
  ['machine_translated', { machine_translated: [] }, 'machine_translated'],
  ['untranslated', { untranslated: [] }, 'untranslated'],
  ['needs_review', { needs_review: false }, 'needs_review'],
  ['source_language', { source_language: 'en' }, 'source_language'],
  ['unknown field', { views: 10 }, 'views'],
]

t.test(
  'POST /api/blog: unknown and service-owned fields are a 400 naming the field; nothing stored',
  async (t) => {
    for (const [what, extra, field] of FORBIDDEN) {
      const res = await send('POST', '/api/blog', { ...base, ...extra })
      t.equal(res.statusCode, 400, what)
      t.match(res.json().message, field, `${what}: the message names ${field}`)
    }
    t.equal(await posts.countDocuments({}), 0, 'nothing created')
  },
)

t.test('PUT /api/blog/{id}: the same, and the stored post is unchanged', async (t) => {
  const created = await send('POST', '/api/blog', base)
  t.equal(created.statusCode, 201)
  const id = created.json().id
  await posts.updateOne(
    { _id: id },
    { $set: { machine_translated: ['title_en'], source_upload_id: 'upload-1' } },
  )
  const before = await posts.findById(id).lean()
  for (const [what, extra, field] of FORBIDDEN) {
    const res = await send('PUT', `/api/blog/${id}`, { title_en: 'Changed', ...extra })
    t.equal(res.statusCode, 400, what)
    t.match(res.json().message, field, `${what}: the message names ${field}`)
  }
  const reviewedUnknown = await send('PUT', `/api/blog/${id}`, { reviewed: ['created_at'] })
  t.equal(reviewedUnknown.statusCode, 400, 'reviewed names only translatable fields')
  t.same(await posts.findById(id).lean(), before, 'the post is unchanged')

  const documented = await send('PUT', `/api/blog/${id}`, { reviewed: ['title_en'], author: 'Redactie' })
  t.equal(documented.statusCode, 200, 'reviewed and author stay writable (documented)')
  t.same(documented.json().machine_translated, [])
  t.equal(documented.json().author, 'Redactie')
})

t.test('deeply nested JSON is a 400 before it reaches the database', async (t) => {
  const deep = `{"title_nl":${'['.repeat(5000)}${']'.repeat(5000)}}`
  const res = await app.inject({
    method: 'POST',
    url: '/api/blog',
    headers: { ...admin, 'content-type': 'application/json' },
    payload: deep,
  })
  t.equal(res.statusCode, 400)
  t.match(res.json().message, /nested/i)
  t.equal(await posts.countDocuments({}), 1, 'only the post of the test before')
})
