// @tier services
import t from 'tap'
import { createTestSession, startRedisServer, testEnv } from '@site/service-kit/testing'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { multipart } from './helpers.js'

// A private Redis the test stops: the public blog keeps answering, admin calls say 503 and recover.
const redis = await startRedisServer()
const env = testEnv('blog_outage', { REDIS_URL: redis.url, BLOG_CACHE_TTL_MS: '60000' })
const app = await buildApp(readConfig(env))
await app.ready()
t.teardown(async () => {
  await app.db.dropDatabase().catch(() => undefined)
  await app.close()
  await redis.close()
})
const { cookie } = await createTestSession(env)
const admin = { cookie, 'x-requested-with': 'XMLHttpRequest' }
const post = {
  title_nl: 'Storing',
  title_en: 'Outage',
  excerpt_nl: '',
  excerpt_en: '',
  content_nl: '<p>x</p>',
  content_en: '<p>x</p>',
  published: true,
}

t.test(
  'Redis away: public reads still answer, admin calls 503 with Retry-After, then recovery',
  async (t) => {
    t.equal(
      (await app.inject({ method: 'POST', url: '/api/blog', headers: admin, payload: post })).statusCode,
      201,
    )
    t.equal((await app.inject({ url: '/api/blog?published=true' })).json().total, 1)

    await redis.stop()
    const list = await app.inject({ url: '/api/blog?published=true' })
    t.equal(list.statusCode, 200, 'the public list is served from the database/cache')
    t.equal(list.json().items[0].slug, 'storing')
    t.equal((await app.inject({ url: '/api/blog/slug/storing' })).statusCode, 200)
    const body = multipart({}, { name: 'a.txt', data: Buffer.from('Titel\n\nTekst.') })
    const up = await app.inject({
      method: 'POST',
      url: '/api/blog/upload',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    })
    t.equal(up.statusCode, 503)
    t.ok(up.headers['retry-after'])
    t.match(up.json(), { code: 'UNAVAILABLE' })

    await redis.start()
    let status = 0
    for (let i = 0; i < 100 && status !== 201; i++) {
      status = (
        await app.inject({
          method: 'POST',
          url: '/api/blog',
          headers: admin,
          payload: { ...post, title_nl: 'Terug' },
        })
      ).statusCode
      if (status !== 201) await new Promise((r) => setTimeout(r, 100))
    }
    t.equal(status, 201, 'admin writes work again')
    t.equal(
      (await app.inject({ url: '/api/blog?published=true' })).json().total,
      2,
      'and the public list shows them at once',
    )
  },
)
