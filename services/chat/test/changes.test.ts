// @tier services
import t from 'tap'
import { randomBytes } from 'node:crypto'
import { testApp, createTestSession, testEnv } from '@site/service-kit/testing'
import { ask, chat } from './helpers.js'
// The real blog and content services: the chat must hear their own change announcements.
import { buildApp as buildBlog } from '../../blog/src/app.js'
import { readConfig as readBlogConfig } from '../../blog/src/config.js'
import { buildApp as buildContent } from '../../content/src/app.js'
import { readConfig as readContentConfig } from '../../content/src/config.js'

// One deployment: the three services share the Redis prefix their channels are named by.
const prefix = `t_chg_${randomBytes(4).toString('hex')}`
const blog = await buildBlog(readBlogConfig(testEnv('chgblog', { QUEUE_PREFIX: prefix })))
const content = await buildContent(readContentConfig(testEnv('chgcontent', { QUEUE_PREFIX: prefix })))
for (const svc of [blog, content]) await svc.listen({ port: 0, host: '127.0.0.1' })
const url = (svc: typeof blog | typeof content) => {
  const { address, port } = svc.server.address() as { address: string; port: number }
  return `http://${address}:${port}`
}
// The chat reads the site once at start: whatever it learns later in this test, it learned from the change stream.
const { app, close } = await testApp(chat(url(content), { BLOG_URL: url(blog), QUEUE_PREFIX: prefix }))
t.teardown(async () => {
  await close()
  for (const svc of [blog, content]) {
    await svc.db.dropDatabase().catch(() => undefined)
    await svc.close()
  }
})
const { cookie } = await createTestSession(process.env.REDIS_URL!)
const admin = { cookie, 'x-requested-with': 'XMLHttpRequest' }

/** Waits until the chat's index satisfies `ok` (at most `ms`, far below the poll); answers whether it did. */
async function indexUntil(ok: () => boolean, ms = 10_000) {
  const end = Date.now() + ms
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 50))
  return ok()
}
const linked = async (question: string, url: string) =>
  (await ask(app, question)).body.sources.some((s) => s.url === url)

t.test('a published blog post is answered within moments, and gone again after unpublishing', async (t) => {
  const question = 'Wat weten jullie over de kwartelkoning in het weiland?'
  const created = await blog.inject({
    method: 'POST',
    url: '/api/blog',
    headers: admin,
    payload: {
      title_nl: 'De kwartelkoning telt mee',
      title_en: 'The corncrake counts',
      excerpt_nl: 'Tellingen van de kwartelkoning met een app.',
      excerpt_en: 'Counting corncrakes with an app.',
      content_nl: '<p>Met een app tellen vrijwilligers de kwartelkoning in het weiland.</p>',
      content_en: '<p>Volunteers count the corncrake with an app.</p>',
      slug: 'kwartelkoning',
      published: false,
    },
  })
  t.equal(created.statusCode, 201, created.body)
  const id = created.json().id as string
  t.notOk(await linked(question, '/blog/kwartelkoning'), 'a draft is not known')

  const publish = await blog.inject({
    method: 'PUT',
    url: `/api/blog/${id}`,
    headers: admin,
    payload: { published: true },
  })
  t.equal(publish.statusCode, 200)
  t.ok(
    await indexUntil(() => Boolean(app.knowledge.get('post:kwartelkoning'))),
    'published: indexed within moments',
  )
  t.ok(await linked(question, '/blog/kwartelkoning'), 'the answer links the post')

  const unpublish = await blog.inject({
    method: 'PUT',
    url: `/api/blog/${id}`,
    headers: admin,
    payload: { published: false },
  })
  t.equal(unpublish.statusCode, 200)
  t.ok(
    await indexUntil(() => !app.knowledge.get('post:kwartelkoning')),
    'unpublished: out of the index within moments',
  )
  t.notOk(await linked(question, '/blog/kwartelkoning'), 'no longer linked')
})

t.test('a new page of the content service is answered within moments', async (t) => {
  const question = 'Waar loopt het fazantenpad langs?'
  const res = await content.inject({
    method: 'POST',
    url: '/api/pages',
    headers: admin,
    payload: {
      slug: 'fazantenpad',
      title_nl: 'Het fazantenpad',
      title_en: 'The pheasant path',
      content_nl: '<p>Het fazantenpad loopt langs ons kantoor aan de rivier.</p>',
      content_en: '<p>The pheasant path runs past our office by the river.</p>',
      published: true,
    },
  })
  t.equal(res.statusCode, 201, res.body)
  t.ok(await indexUntil(() => Boolean(app.knowledge.get('page:fazantenpad'))), 'indexed within moments')
  t.ok(await linked(question, '/pages/fazantenpad'), 'the answer links the new page')
})
