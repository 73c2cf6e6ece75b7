// @tier services
// Every write route of the blog service, with an admin session, against the kit's table
// of hostile bodies (operators, dotted and `$` keys, __proto__, deep nesting, wrong types, huge
// strings, broken JSON and multipart): no answer is ≥ 500 and nothing stored changes.
import t from 'tap'
import { fuzzVerdict, fuzzWriteRoutes, snapshotDatabase } from '@site/service-kit/testing'
import { blogApp } from './helpers.js'

t.test('blog write routes under hostile bodies: never ≥ 500, nothing stored changes', async (t) => {
  const s = await blogApp()
  t.teardown(() => s.close())
  const created = await s.app.inject({
    method: 'POST',
    url: '/api/blog',
    headers: s.admin,
    payload: {
      title_nl: 'Vast',
      title_en: 'Fixed',
      excerpt_nl: '',
      excerpt_en: '',
      content_nl: '<p>a</p>',
      content_en: '<p>a</p>',
      published: true,
    },
  })
  t.equal(created.statusCode, 201)
  const before = await snapshotDatabase(s.app.db)
  const post = {
    title_nl: 'Ander',
    title_en: 'Other',
    excerpt_nl: '',
    excerpt_en: '',
    content_nl: '<p>b</p>',
    content_en: '<p>b</p>',
  }
  const valid = {
    'POST /api/blog': post,
    'PUT /api/blog/:id': post,
    'POST /api/blog/translate-title': { title: 'Hallo', sourceLanguage: 'nl' },
  }
  // Bull Board's pause/resume take no body (they ignore one) and change no stored data: not write routes of ours.
  const skip = ['PUT /api/admin/queues/api/queues/pause', 'PUT /api/admin/queues/api/queues/resume']
  const results = await fuzzWriteRoutes(s.app, {
    headers: s.admin,
    params: { id: created.json().id },
    valid,
    skip,
  })
  const { sent, failed, accepted } = fuzzVerdict(results)
  t.ok(sent > 50, `${sent} hostile requests sent`)
  t.same(failed, [], 'no answer is 500 or more')
  t.same(accepted, [], 'every hostile body is refused')
  t.equal(await snapshotDatabase(s.app.db), before, 'nothing stored changed')
})
