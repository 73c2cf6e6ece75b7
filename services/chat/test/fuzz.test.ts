// @tier services
// The chat service's write route, against the kit's table of hostile bodies: no answer
// ≥ 500 and no conversation stored.
import t from 'tap'
import {
  testApp,
  createTestSession,
  fuzzVerdict,
  fuzzWriteRoutes,
  snapshotDatabase,
} from '@site/service-kit/testing'
import { chat, fakeSite } from './helpers.js'

t.test('chat write routes under hostile bodies: never ≥ 500, nothing stored changes', async (t) => {
  const site = await fakeSite()
  const { app, close } = await testApp(chat(site.url))
  t.teardown(async () => {
    await close()
    await site.close()
  })
  const { cookie } = await createTestSession(process.env.REDIS_URL!)
  const before = await snapshotDatabase(app.db)
  const results = await fuzzWriteRoutes(app, { headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } })
  const { sent, failed, accepted } = fuzzVerdict(results)
  t.ok(sent > 20, `${sent} hostile requests sent`)
  t.same(failed, [], 'no answer is 500 or more')
  t.same(accepted, [], 'every hostile body is refused')
  t.equal(await snapshotDatabase(app.db), before, 'nothing stored changed')
})
