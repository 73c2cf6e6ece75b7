// @tier stack
// Old URLs on the whole stack (docs/editorial.md): after a published post's slug changes, its old
// URL answers 301 to the new one in nl, en and de (with the post's surrogate keys), the sitemap
// lists only the new; a freed slug taken by another post shows that post.
import t from 'tap'
import type { BlogPost, Page } from '@site/contracts'
import { startStack } from '../helpers/stack.js'
import { adminApi, POST } from '../public/api.js'

const stack = await startStack({ only: ['auth', 'content', 'blog', 'web', 'gateway'] })
t.teardown(() => stack.stop())
const api = await adminApi(stack, 'slug-admin', 'a-long-password-for-slugs')
const put = (path: string, body: unknown) =>
  fetch(`${stack.url}${path}`, {
    method: 'PUT',
    headers: {
      cookie: api.cookie,
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      origin: stack.url,
    },
    body: JSON.stringify(body),
  })
const get = (path: string, base = stack.url) => fetch(`${base}${path}`, { redirect: 'manual' })

const post = await api.post<BlogPost>('/api/blog', { ...POST, slug: 'old-address' })
t.equal((await get('/blog/old-address')).status, 200)

t.test('the old URL answers 301 to the new one in every language', async (t) => {
  t.equal((await put(`/api/blog/${post.id}`, { slug: 'new-address' })).status, 200)
  for (const prefix of ['', '/en', '/de']) {
    const res = await get(`${prefix}/blog/old-address?ref=mail`)
    t.equal(res.status, 301, `${prefix || 'nl'}: 301`)
    t.equal(res.headers.get('location'), `${prefix}/blog/new-address?ref=mail`)
    t.equal((await get(`${prefix}/blog/new-address`)).status, 200)
  }
  // Straight from the web server: the 301 carries the post's keys (a later change purges it).
  const direct = await get('/blog/old-address', `http://127.0.0.1:${stack.ports.web}`)
  t.equal(direct.status, 301)
  t.match(direct.headers.get('surrogate-key') ?? '', new RegExp(`post:${post.id}`))
  const sitemap = await (await get('/sitemap-posts-1.xml')).text()
  t.match(sitemap, '/blog/new-address')
  t.notMatch(sitemap, '/blog/old-address')
})

t.test('a second change leads the old URLs to the newest; a freed slug can be taken', async (t) => {
  t.equal((await put(`/api/blog/${post.id}`, { slug: 'newest-address' })).status, 200)
  t.equal((await get('/blog/old-address')).headers.get('location'), '/blog/newest-address')
  t.equal((await get('/en/blog/new-address')).headers.get('location'), '/en/blog/newest-address')
  await api.post<BlogPost>('/api/blog', { ...POST, slug: 'old-address', title_nl: 'Een ander bericht' })
  const taken = await get('/blog/old-address')
  t.equal(taken.status, 200, 'the redirect yields to the post that took the slug')
  t.match(await taken.text(), 'Een ander bericht')
})

t.test('a page: its old URL answers 301 in every language', async (t) => {
  const page = await api.post<Page>('/api/pages', {
    slug: 'old-page',
    title_nl: 'Oude pagina',
    title_en: 'Old page',
    content_nl: '<p>Tekst</p>',
    content_en: '<p>Text</p>',
    published: true,
  })
  const moved = await put(`/api/pages/${page.id}`, {
    slug: 'new-page',
    title_nl: 'Oude pagina',
    title_en: 'Old page',
    content_nl: '<p>Tekst</p>',
    content_en: '<p>Text</p>',
    published: true,
  })
  t.equal(moved.status, 200)
  for (const prefix of ['', '/en', '/de']) {
    const res = await get(`${prefix}/pages/old-page`)
    t.equal(res.status, 301, `${prefix || 'nl'}: 301`)
    t.equal(res.headers.get('location'), `${prefix}/pages/new-page`)
  }
  const direct = await get('/pages/old-page', `http://127.0.0.1:${stack.ports.web}`)
  t.match(direct.headers.get('surrogate-key') ?? '', new RegExp(`page:${page.id}`))
})
