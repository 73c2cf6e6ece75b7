// @tier services
// Every write route of the contact service (the public form and the inbox), with an
// admin session, against the kit's table of hostile bodies: no answer ≥ 500, nothing stored changes.
import t from 'tap'
import { testApp, fuzzVerdict, fuzzWriteRoutes, snapshotDatabase } from '@site/service-kit/testing'
import { contact, contactTools, request } from './helpers/harness.js'

t.test('contact write routes under hostile bodies: never ≥ 500, nothing stored changes', async (t) => {
  const h = contactTools(await testApp(contact('cfuzz')))
  t.teardown(() => h.close())
  const created = await h.submit(request())
  t.equal(created.statusCode, 201)
  const headers = {
    cookie: await h.adminCookie(),
    'x-requested-with': 'XMLHttpRequest',
    'x-forwarded-for': h.ip,
  }
  const before = await snapshotDatabase(h.app.db)
  // The retry route takes no body; a pending request is not retryable (409), so it changes nothing either.
  // Only the inbox's write gets valid-body merges: the public form stores the fields it parses and
  // nothing else, so a valid request with extra keys is a valid request.
  const valid = { 'PATCH /api/contacts/:id': { handled: true } }
  const results = await fuzzWriteRoutes(h.app, { headers, params: { id: created.json().id }, valid })
  const { sent, failed, accepted } = fuzzVerdict(results)
  t.ok(sent > 50, `${sent} hostile requests sent`)
  t.same(failed, [], 'no answer is 500 or more')
  t.same(accepted, [], 'every hostile body is refused')
  t.equal(await snapshotDatabase(h.app.db), before, 'nothing stored changed')
})
