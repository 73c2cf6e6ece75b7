// @tier services
// Every write route of the content service, with an admin session, against the kit's
// table of hostile bodies: no answer is ≥ 500 and nothing stored changes.
import t from 'tap'
import { testApp, fuzzVerdict, fuzzWriteRoutes, snapshotDatabase } from '@site/service-kit/testing'
import { content } from './helpers.js'

t.test('content write routes under hostile bodies: never ≥ 500, nothing stored changes', async (t) => {
  const { app, admin } = await testApp({ ...content, t })
  const page = await app.inject({
    method: 'POST',
    url: '/api/pages',
    headers: admin,
    payload: {
      slug: 'vast',
      title_nl: 'Vast',
      title_en: 'Fixed',
      content_nl: '<p>a</p>',
      content_en: '<p>a</p>',
    },
  })
  t.equal(page.statusCode, 201)
  // PUT /api/pages/{id} meets a real page; the other {id} routes a missing one (404 at most).
  const feature = {
    icon: 'Zap',
    title_nl: 'Snel',
    title_en: 'Fast',
    description_nl: 'a',
    description_en: 'b',
  }
  const pageBody = {
    slug: 'ander',
    title_nl: 'Ander',
    title_en: 'Other',
    content_nl: '<p>a</p>',
    content_en: '<p>a</p>',
  }
  const project = { title: 'Webshop', description: 'A shop' }
  const site = (await app.inject({ url: '/api/content' })).json()
  const siteBody = Object.fromEntries(
    Object.entries(site).filter(([k]) => !['id', '_id', 'created_at', 'updated_at'].includes(k)),
  )
  const before = await snapshotDatabase(app.db)
  // Valid bodies with hostile keys merged in: operators, dotted keys, _id and dates must not pass.
  const valid = {
    'POST /api/content': siteBody,
    'POST /api/features': feature,
    'PUT /api/features/:id': feature,
    'POST /api/pages': pageBody,
    'PUT /api/pages/:id': pageBody,
    'POST /api/projects': project,
    'PUT /api/projects/:id': project,
  }
  const results = await fuzzWriteRoutes(app, { headers: admin, params: { id: page.json().id }, valid })
  const { sent, failed, accepted } = fuzzVerdict(results)
  t.ok(sent > 50, `${sent} hostile requests sent`)
  t.same(failed, [], 'no answer is 500 or more')
  t.same(accepted, [], 'every hostile body is refused')
  t.equal(await snapshotDatabase(app.db), before, 'nothing stored changed')
})
