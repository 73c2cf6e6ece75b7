// @tier services
// A post's public byline is never a login name (issue 29): new posts take the admin's display name
// (else the site's byline), and a stored author that is a login name (posts made before display
// names, or typed) is shown publicly as the site's byline. Admins still see what is stored.
import t from 'tap'
import { Redis } from 'ioredis'
import { DEFAULT_BYLINE } from '@site/contracts'
import { loginNamesKey, recordLoginNames } from '@site/service-kit'
import { createTestSession } from '@site/service-kit/testing'
import { blogApp } from './helpers.js'

const s = await blogApp()
t.teardown(() => s.close())
const redis = new Redis(s.env.REDIS_URL!)
t.teardown(() => redis.disconnect())
// What the auth service records for its accounts (the helpers' admin is "editor").
await recordLoginNames(redis, s.env.QUEUE_PREFIX!, ['editor', 'beheer'], { complete: true })

const base = {
  title_nl: 'Bericht',
  title_en: 'Post',
  excerpt_nl: 'Kort',
  excerpt_en: 'Short',
  content_nl: '<p>Inhoud</p>',
  content_en: '<p>Content</p>',
  published: true,
}
const create = async (body: object, headers: Record<string, string> = s.admin) => {
  const res = await s.app.inject({ method: 'POST', url: '/api/blog', headers, payload: { ...base, ...body } })
  t.equal(res.statusCode, 201)
  return res.json() as { id: string; slug: string; author: string }
}
const publicly = async (slug: string) => {
  const list = (await s.app.inject({ url: '/api/blog?published=true&pageSize=50' })).json()
  const one = (await s.app.inject({ url: `/api/blog/slug/${slug}` })).json()
  const listed = list.items.find((p: { slug: string }) => p.slug === slug)
  return { listed: listed?.author, one: one.author }
}

t.test('a new post without an author gets the admin’s public name, not the login name', async (t) => {
  const plain = await create({ title_nl: 'Zonder naam' })
  t.equal(plain.author, DEFAULT_BYLINE, 'no display name chosen: the site’s byline')
  t.same(await publicly(plain.slug), { listed: DEFAULT_BYLINE, one: DEFAULT_BYLINE })

  const named = await createTestSession(
    s.env,
    { id: 'admin-2', username: 'beheer', display_name: 'Jan de Vries' },
    { secret: s.env.SESSION_SECRET },
  )
  const mine = await create(
    { title_nl: 'Met naam' },
    { cookie: named.cookie, 'x-requested-with': 'XMLHttpRequest' },
  )
  t.equal(mine.author, 'Jan de Vries', 'the display name from the session')
  t.same(await publicly(mine.slug), { listed: 'Jan de Vries', one: 'Jan de Vries' })
})

t.test('a stored author that is a login name is never shown publicly', async (t) => {
  // As posts made before this change were: the author is the admin's username.
  const old = await create({ title_nl: 'Van vroeger', author: 'Editor' })
  t.equal(old.author, 'Editor')
  t.same(await publicly(old.slug), { listed: DEFAULT_BYLINE, one: DEFAULT_BYLINE }, 'list and post')
  const stored = await s.app.inject({ url: `/api/blog/${old.id}`, headers: s.admin })
  t.equal(stored.json().author, 'Editor', 'the admin sees what is stored (and may change it)')

  const anna = await create({ title_nl: 'Van Anna', author: 'Anna' })
  t.same(await publicly(anna.slug), { listed: 'Anna', one: 'Anna' }, 'other names are shown as written')
})

t.test(
  'when Redis loses the login names, every byline is the site’s until they are recorded again',
  async (t) => {
    const prefix = s.env.QUEUE_PREFIX!
    t.teardown(() => recordLoginNames(redis, prefix, ['editor', 'beheer'], { complete: true }))
    await redis.del(loginNamesKey(prefix))
    // A sign-in records its one name again before the auth service notices: still not the whole set.
    await recordLoginNames(redis, prefix, ['someone'])
    const lost = await create({ title_nl: 'Na het verlies', author: 'Editor' })
    t.same(
      await publicly(lost.slug),
      { listed: DEFAULT_BYLINE, one: DEFAULT_BYLINE },
      'a login name stays hidden',
    )
    const anna = await create({ title_nl: 'Anna na het verlies', author: 'Anna' })
    t.same(await publicly(anna.slug), { listed: DEFAULT_BYLINE, one: DEFAULT_BYLINE }, 'fails closed for all')

    await recordLoginNames(redis, prefix, ['editor', 'beheer'], { complete: true })
    const again = await create({ title_nl: 'Anna daarna', author: 'Anna' })
    t.same(await publicly(again.slug), { listed: 'Anna', one: 'Anna' }, 'the whole set again: names shown')
  },
)
