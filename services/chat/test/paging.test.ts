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
  'the indexer reads every page of the real blog list (60 posts, 2 pages) and the posts in full in pages, then only what changed',
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
    const { app, close } = await testApp(chat(site.url, { BLOG_URL: `http://${address}:${port}` }))
    t.teardown(() => close())

    const lists = requests.filter((u) => u.startsWith('/api/blog?'))
    t.same(
      lists,
      ['/api/blog?published=true&page=1&pageSize=50', '/api/blog?published=true&page=2&pageSize=50'],
      'two pages of 50',
    )
    t.same(
      requests.filter((u) => u.startsWith('/api/blog/changes')),
      [1, 2].map((page) => `/api/blog/changes?since=${encodeURIComponent(day(0))}&page=${page}&pageSize=50`),
      'the published posts in full, since the oldest: two pages, nothing read by slug',
    )
    t.equal(requests.filter((u) => u.startsWith('/api/blog/slug/')).length, 0)
    t.match(
      app.knowledge.get('post:bericht-0')?.text.nl,
      /zeilboot nummer 0/,
      'the oldest post (page 2) is indexed with its content',
    )
    t.match(app.knowledge.get('post:bericht-58')?.text.nl, /windmolen nummer 58/)
    t.notOk(app.knowledge.get('post:bericht-59'), 'drafts are not indexed')

    const unchangedBefore = app.knowledge.get('post:bericht-0')
    const editedBefore = app.knowledge.get('post:bericht-3')
    requests.length = 0
    await app.knowledge.refresh()
    t.same(
      requests.filter((u) => !u.startsWith('/api/blog?')),
      [],
      'nothing changed: no post is read again',
    )
    t.equal(
      app.knowledge.get('post:bericht-0'),
      unchangedBefore,
      'nothing changed: the same item, not converted again',
    )
    const { cookie } = await createTestSession(blogEnv)
    const id = String((await postModel(blog.db).findOne({ slug: 'bericht-3' }).lean())!._id)
    const put = await blog.inject({
      method: 'PUT',
      url: `/api/blog/${id}`,
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      payload: { content_nl: '<p>Nu over een vuurtoren.</p>' },
    })
    t.equal(put.statusCode, 200)
    requests.length = 0
    await app.knowledge.refresh()
    const changed = requests.filter((u) => !u.startsWith('/api/blog?'))
    t.equal(changed.length, 1, 'one read of what changed')
    t.match(changed[0], /^\/api\/blog\/changes\?since=2\d{3}-/, 'since the changed post was updated')
    t.notOk(changed[0]!.includes(encodeURIComponent(day(0))), 'not since the oldest post')
    t.match(app.knowledge.get('post:bericht-3')?.text.nl, /vuurtoren/)
    t.not(app.knowledge.get('post:bericht-3'), editedBefore, 'the edited post: a new item')
    t.equal(app.knowledge.get('post:bericht-0'), unchangedBefore, 'the others keep theirs')
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
