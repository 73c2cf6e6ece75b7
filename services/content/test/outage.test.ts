// @tier services
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { content } from './helpers.js'

t.test('database away: visitors keep the last answers; nothing cached yet is a 503', async (t) => {
  // TTL 0: every read wants the database, so only the stale-on-error path can answer.
  const { app } = await testApp({ ...content, t, env: { CONTENT_CACHE_TTL_MS: '0' } })
  const before = await app.inject({ method: 'GET', url: '/api/content' })
  t.equal(before.statusCode, 200)
  await app.db.dropDatabase()
  await app.db.close()

  const during = await app.inject({ method: 'GET', url: '/api/content' })
  t.equal(during.statusCode, 200, 'the last good answer is served')
  t.equal(during.headers.etag, before.headers.etag)
  const never = await app.inject({ method: 'GET', url: '/api/projects' })
  t.equal(never.statusCode, 503)
  t.ok(never.headers['retry-after'])
  t.equal(never.json().message, 'Service temporarily unavailable, please try again shortly.')
})
