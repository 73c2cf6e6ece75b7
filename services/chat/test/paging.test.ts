// @tier services
import t from 'tap'
import { testApp, createTestSession, testEnv } from '@site/service-kit/testing'
import { chat, fakeSite } from './helpers.js'
import { SITE } from './fixtures/site.js'
// The real blog service: the indexer must follow its paged list and detail calls, not a copy of them.
import { buildApp as buildBlog } from '../../blog/src/app.js'
import { readConfig as readBlogConfig } from '../../blog/src/config.js'
import { postModel } from '../../blog/src/models/post.js'
import { postListing } from '../../blog/src/posts/listing.js'

const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString()

t.test(
  'the index reads the posts in full a page at a time at start; then only the posts the change stream names, nothing while nothing changes',
  async (t) => {
    const blogEnv = testEnv('chatblog')
    const blog = await buildBlog(readBlogConfig(blogEnv))
    const requests: string[] = []
    blog.addHook('onRequest', async (req) => {
      requests.push(req.url)
    })
    await blog.listen({ port: 0, host: '127.0.0.1' })
    const site = await fakeSite()
    t.teardown(async () => {
      await blog.db.dropDatabase().catch(() => undefined)
      await blog.close()
      await site.close()
    })
    const words = ['zeilboot', 'windmolen', 'tulpenveld']
    await postModel(blog.db).insertMany(
      Array.from({ length: 60 }, (_, i) => ({
        slug: `bericht-${i}`,
        title_nl: `Bericht ${i}`,
        title_en: `Post ${i}`,
        content_nl: `<p>Over de ${words[i % 3]} nummer ${i}: ${'tekst '.repeat(50)}</p>`,
        content_en: `<p>About the thing ${i}</p>`,
        published: i !== 59,
        author: 'x',
        created_at: new Date(day(i)),
        updated_at: new Date(day(i)),
      })),
      { timestamps: false } as never,
    )
    // Written past the API (to set the days): the blog builds its lists' order from the database.
    await postListing(() => blog.redis, blogEnv.QUEUE_PREFIX!).forget()
    const { address, port } = blog.server.address() as { address: string; port: number }
    // One deployment: the chat follows the blog's change stream.
    const { app, close } = await testApp(
      chat(site.url, { BLOG_URL: `http://${address}:${port}`, QUEUE_PREFIX: blogEnv.QUEUE_PREFIX! }),
    )
    t.teardown(() => close())

    t.same(
      requests,
      [1, 2].map((page) => `/api/blog/changes?page=${page}&pageSize=50`),
      'at start: the published posts in full, two pages of 50; no list, nothing by slug',
    )
    t.match(app.knowledge.get('post:bericht-0')?.text.nl, /zeilboot nummer 0/, 'page 1 is indexed')
    t.match(app.knowledge.get('post:bericht-58')?.text.nl, /windmolen nummer 58/, 'page 2 is indexed')
    t.notOk(app.knowledge.get('post:bericht-59'), 'drafts are not indexed')

    requests.length = 0
    await new Promise((r) => setTimeout(r, 1500))
    t.same(requests, [], 'nothing changed: nothing is read')

    const { cookie } = await createTestSession(blogEnv)
    const admin = { cookie, 'x-requested-with': 'XMLHttpRequest' }
    const idOf = async (slug: string) => String((await postModel(blog.db).findOne({ slug }).lean())!._id)
    const until = async (ok: () => boolean) => {
      const end = Date.now() + 10_000
      while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 50))
      return ok()
    }
    const edited = await idOf('bericht-3')
    const put = await blog.inject({
      method: 'PUT',
      url: `/api/blog/${edited}`,
      headers: admin,
      payload: { content_nl: '<p>Nu over een vuurtoren.</p>' },
    })
    t.equal(put.statusCode, 200)
    t.ok(
      await until(() => /vuurtoren/.test(app.knowledge.get('post:bericht-3')?.text.nl ?? '')),
      'the edit is indexed',
    )
    t.same(
      requests.filter((u) => u.startsWith('/api/blog/changes')),
      [`/api/blog/changes?ids=${edited}`],
      'one read: the edited post by its id',
    )

    const renamed = await idOf('bericht-4')
    const rename = await blog.inject({
      method: 'PUT',
      url: `/api/blog/${renamed}`,
      headers: admin,
      payload: { slug: 'bericht-vier' },
    })
    t.equal(rename.statusCode, 200)
    t.ok(await until(() => Boolean(app.knowledge.get('post:bericht-vier'))), 'a new slug: indexed under it')
    t.notOk(app.knowledge.get('post:bericht-4'), 'and no longer under the old one')

    const removed = await blog.inject({
      method: 'DELETE',
      url: `/api/blog/${await idOf('bericht-5')}`,
      headers: admin,
    })
    t.equal(removed.statusCode, 204)
    t.ok(await until(() => !app.knowledge.get('post:bericht-5')), 'a deleted post leaves the index')
    t.match(app.knowledge.get('post:bericht-6')?.text.nl, /zeilboot nummer 6/, 'the others stay')
  },
)

t.test(
  'pages are read through their list and details; a page deleted from the site leaves the index',
  async (t) => {
    const data = structuredClone(SITE)
    const base = data.pages[0]!
    for (let i = 0; i < 55; i++)
      data.pages.push({
        ...base,
        id: `pg-x${i}`,
        slug: `pagina-${i}`,
        title_nl: `Pagina ${i}`,
        content_nl: `<p>Pagina over onderwerp ${i}.</p>`,
        created_at: day(i),
        updated_at: day(i),
      })
    const site = await fakeSite(data)
    const { app, close } = await testApp(chat(site.url))
    t.teardown(async () => {
      await close()
      await site.close()
    })
    t.ok(site.requests.includes('/api/pages?page=2&pageSize=50'), 'the second page of pages is read')
    t.notOk(
      site.requests.some((u) => /pageSize=(\d+)/.exec(u) && Number(/pageSize=(\d+)/.exec(u)![1]) > 50),
      'never more than 50 a page',
    )
    t.match(app.knowledge.get('page:pagina-0')?.text.nl, /onderwerp 0/)
    t.match(app.knowledge.get('page:privacy')?.text.nl, /30 dagen/, 'the text comes from the detail call')
    t.notOk(app.knowledge.get('page:intern'), 'unpublished pages stay out')

    data.pages = data.pages.filter((p) => p.slug !== 'pagina-0')
    await app.knowledge.refresh()
    t.notOk(app.knowledge.get('page:pagina-0'), 'gone after the next refresh')
  },
)
