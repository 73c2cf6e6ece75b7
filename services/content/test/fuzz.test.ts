// Issue 16.11: every write route of the content service, with an admin session, against the kit's
// table of hostile bodies: no answer is ≥ 500 and nothing stored changes.
import t from 'tap'
import { fuzzWriteRoutes, snapshotDatabase } from '@site/service-kit/testing'
import { setup } from './helpers.js'

t.test('content write routes under hostile bodies: never ≥ 500, nothing stored changes', async (t) => {
  const { app, admin } = await setup(t)
  const page = await app.inject({
    method: 'POST', url: '/api/pages', headers: admin,
    payload: { slug: 'vast', title_nl: 'Vast', title_en: 'Fixed', content_nl: '<p>a</p>', content_en: '<p>a</p>' },
  })
  t.equal(page.statusCode, 201)
  const before = await snapshotDatabase(app.db)
  // PUT /api/pages/{id} meets a real page; the other {id} routes a missing one (404 at most).
  const results = await fuzzWriteRoutes(app, { headers: admin, params: { id: page.json().id } })
  t.ok(results.length > 50, `${results.length} hostile requests sent`)
  t.same(results.filter((r) => r.status >= 500), [], 'no answer is 500 or more')
  t.same(results.filter((r) => r.status < 400), [], 'every hostile body is refused')
  t.equal(await snapshotDatabase(app.db), before, 'nothing stored changed')
})
