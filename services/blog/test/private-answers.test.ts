// @tier services
// The admin list and drafts are private answers (`private, no-store`); the routes that
// also have a public variant say `Vary: Cookie`, so no cache hands an admin's answer to a visitor.
import t from 'tap'
import { blogApp } from './helpers.js'

const post = (slug: string, published: boolean) => ({
  title_nl: `Titel ${slug}`,
  title_en: `Title ${slug}`,
  excerpt_nl: '',
  excerpt_en: '',
  content_nl: '<p>x</p>',
  content_en: '<p>x</p>',
  slug,
  published,
})

t.test('admin GET /api/blog and GET /api/blog/slug/{draft} are private, no-store', async (t) => {
  const h = await blogApp()
  t.teardown(() => h.close())
  for (const body of [post('live', true), post('draft', false)]) {
    const res = await h.app.inject({ method: 'POST', url: '/api/blog', headers: h.admin, payload: body })
    t.equal(res.statusCode, 201)
  }

  const adminList = await h.app.inject({ method: 'GET', url: '/api/blog', headers: h.admin })
  t.equal(adminList.statusCode, 200)
  t.equal(adminList.headers['cache-control'], 'private, no-store', 'admin list (drafts included)')
  t.match(String(adminList.headers.vary), /Cookie/i)

  const drafts = await h.app.inject({ method: 'GET', url: '/api/blog?published=false', headers: h.admin })
  t.equal(drafts.headers['cache-control'], 'private, no-store', 'admin drafts list')

  const publicList = await h.app.inject({ method: 'GET', url: '/api/blog' })
  t.equal(publicList.statusCode, 200)
  t.not(publicList.headers['cache-control'], 'private, no-store', 'the public list stays cacheable')
  t.match(String(publicList.headers.vary), /Cookie/i, 'the public variant varies on the cookie')

  const draft = await h.app.inject({ method: 'GET', url: '/api/blog/slug/draft', headers: h.admin })
  t.equal(draft.statusCode, 200)
  t.equal(draft.headers['cache-control'], 'private, no-store', 'a draft by slug')
  t.match(String(draft.headers.vary), /Cookie/i)

  const anonDraft = await h.app.inject({ method: 'GET', url: '/api/blog/slug/draft' })
  t.equal(anonDraft.statusCode, 404, 'a draft is not public')
  const live = await h.app.inject({ method: 'GET', url: '/api/blog/slug/live' })
  t.equal(live.statusCode, 200)
  t.not(live.headers['cache-control'], 'private, no-store', 'a published post stays cacheable')
  t.match(String(live.headers.vary), /Cookie/i)
})
