// @tier services
import t from 'tap'
import { DEFAULT_BYLINE } from '@site/contracts'
import { blogApp } from './helpers.js'
import { postModel } from '../src/models/post.js'
import { createPost } from '../src/posts/repo.js'

const s = await blogApp()
t.teardown(() => s.close())
const { app, admin } = s

const base = {
  title_nl: 'Hallo Wereld!',
  title_en: 'Hello World!',
  excerpt_nl: 'Kort',
  excerpt_en: 'Short',
  content_nl: '<p>Inhoud</p>',
  content_en: '<p>Content</p>',
}
const post = (body: object, headers: Record<string, string> = admin) =>
  app.inject({ method: 'POST', url: '/api/blog', headers, payload: body })

t.test('anonymous callers cannot write, and see an empty public list', async (t) => {
  t.same((await app.inject({ url: '/api/blog?published=true' })).json(), {
    items: [],
    page: 1,
    pageSize: 12,
    total: 0,
  })
  const res = await post(base, {})
  t.equal(res.statusCode, 401)
  t.equal(res.json().message, 'Please sign in as an administrator.')
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: '/api/blog/translate-title',
        payload: { title: 'x', sourceLanguage: 'nl' },
      })
    ).statusCode,
    401,
  )
  t.equal((await app.inject({ method: 'DELETE', url: '/api/blog/0123456789abcdef01234567' })).statusCode, 401)
  const api = (await app.inject({ url: '/openapi.json' })).json()
  t.ok(api.paths['/api/blog/upload'] && api.paths['/api/blog/jobs/{id}'], 'routes documented in OpenAPI')
})

t.test(
  'create: generated slugs, defaults, numbered suffix on conflict, 409 for an explicit duplicate',
  async (t) => {
    const a = await post(base)
    t.equal(a.statusCode, 201)
    const pa = a.json()
    t.equal(pa.slug, 'hallo-wereld')
    t.equal(pa.published, false, 'unpublished by default')
    t.equal(pa.author, DEFAULT_BYLINE, 'author defaults to the admin’s public name, never the login name')
    t.same(pa.tags, [])
    t.equal(pa.needs_review, false)
    t.match(pa, { id: String, created_at: String, updated_at: String, title_de: null, featured_image: null })

    t.equal((await post(base)).json().slug, 'hallo-wereld-2')
    t.equal((await post(base)).json().slug, 'hallo-wereld-3')
    t.equal(
      (await post({ ...base, title_nl: 'Één café & co' })).json().slug,
      'een-cafe-and-co',
      'accents folded',
    )

    const dup = await post({ ...base, slug: 'hallo-wereld' })
    t.equal(dup.statusCode, 409)
    t.equal(dup.json().message, 'A blog post with this slug already exists.')
    const custom = await post({
      ...base,
      slug: 'My Own Slug!',
      author: 'Anna',
      tags: ['AI', ' ai ', 'Tech'],
      published: true,
    })
    t.equal(custom.statusCode, 201)
    t.match(custom.json(), { slug: 'my-own-slug', author: 'Anna', tags: ['ai', 'tech'], published: true })
  },
)

t.test('validation: titles required, limits, unsafe image URLs', async (t) => {
  const { title_en: _omit, ...noEn } = base
  t.equal((await post(noEn)).statusCode, 400)
  t.equal((await post({ ...base, title_nl: 'x'.repeat(201) })).statusCode, 400)
  const img = await post({ ...base, featured_image: 'javascript:alert(1)' })
  t.equal(img.statusCode, 400)
  t.match(img.json().message, /featured image/)
  t.equal((await post({ ...base, slug: '!!!' })).statusCode, 400)
})

t.test('published filter, newest first, slug lookups for anonymous and admin', async (t) => {
  const list = (headers = {}) => app.inject({ url: '/api/blog', headers })
  const all = (await list(admin)).json().items as { slug: string; published: boolean; created_at: string }[]
  t.equal(all.length, 5, 'admins see every post')
  const times = all.map((p) => p.created_at)
  t.same(times, [...times].sort().reverse(), 'newest first')
  const pub = (await app.inject({ url: '/api/blog?published=true' })).json().items as { slug: string }[]
  t.same(
    pub.map((p) => p.slug),
    ['my-own-slug'],
  )
  t.same(
    (await list()).json().items.map((p: { slug: string }) => p.slug),
    ['my-own-slug'],
    'anonymous never sees drafts',
  )
  const drafts = (await app.inject({ url: '/api/blog?published=false', headers: admin })).json().items as {
    published: boolean
  }[]
  t.equal(drafts.length, 4)
  t.ok(drafts.every((p) => !p.published))

  const missing = await app.inject({ url: '/api/blog/slug/nope' })
  t.equal(missing.statusCode, 404)
  t.equal(missing.json().message, 'Blog post not found')
  t.equal(
    (await app.inject({ url: '/api/blog/slug/hallo-wereld' })).statusCode,
    404,
    'draft hidden from anonymous',
  )
  t.equal(
    (await app.inject({ url: '/api/blog/slug/hallo-wereld', headers: admin })).json().slug,
    'hallo-wereld',
  )
  t.equal((await app.inject({ url: '/api/blog/slug/my-own-slug' })).json().title_en, 'Hello World!')
})

t.test('update and delete; the public list follows every write', async (t) => {
  const draft = (await app.inject({ url: '/api/blog/slug/hallo-wereld', headers: admin })).json()
  const put = (id: string, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/blog/${id}`, headers: admin, payload })
  const res = await put(draft.id, { published: true, title_en: 'Hello <b>again</b>' })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { published: true, title_en: 'Hello again', title_nl: 'Hallo Wereld!' })
  t.equal((await app.inject({ url: '/api/blog/slug/hallo-wereld' })).statusCode, 200, 'published now visible')
  t.equal((await app.inject({ url: '/api/blog?published=true' })).json().total, 2)

  t.equal((await put(draft.id, { slug: 'my-own-slug' })).statusCode, 409)
  t.equal((await put(draft.id, { slug: 'renamed' })).json().slug, 'renamed')
  t.equal((await put('0123456789abcdef01234567', { title_nl: 'x' })).statusCode, 404)
  t.equal((await put('not-an-id', { title_nl: 'x' })).statusCode, 404)

  const del = await app.inject({ method: 'DELETE', url: `/api/blog/${draft.id}`, headers: admin })
  t.equal(del.statusCode, 204)
  t.equal(
    (await app.inject({ method: 'DELETE', url: `/api/blog/${draft.id}`, headers: admin })).statusCode,
    404,
  )
  t.equal((await app.inject({ url: '/api/blog?published=true' })).json().total, 1)
})

t.test('machine-translation marks clear when an admin edits or approves the field', async (t) => {
  const doc = await createPost(
    postModel(app.db),
    { ...base, title_nl: 'Vertaald', author: 'x' },
    {
      machine_translated: ['title_en', 'content_en'],
      untranslated: ['excerpt_en'],
    },
  )
  const id = String(doc._id)
  const get = async () => (await app.inject({ url: `/api/blog/${id}`, headers: admin })).json()
  t.match(await get(), {
    needs_review: true,
    needs_translation: true,
    machine_translated: ['title_en', 'content_en'],
  })
  // Saving the whole form unchanged keeps the marks; editing a field clears its mark.
  await app.inject({
    method: 'PUT',
    url: `/api/blog/${id}`,
    headers: admin,
    payload: { ...base, title_nl: 'Vertaald' },
  })
  t.same((await get()).machine_translated, ['title_en', 'content_en'])
  await app.inject({
    method: 'PUT',
    url: `/api/blog/${id}`,
    headers: admin,
    payload: { content_en: '<p>Reviewed</p>', excerpt_en: 'Now in English' },
  })
  const after = await get()
  t.same(after.machine_translated, ['title_en'])
  t.same(after.untranslated, [])
  t.equal(after.needs_translation, false)
  await app.inject({
    method: 'PUT',
    url: `/api/blog/${id}`,
    headers: admin,
    payload: { reviewed: ['title_en'] },
  })
  t.equal((await get()).needs_review, false)
})

t.test('translate-title without an LLM answers 503 with a message; empty titles 400', async (t) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/blog/translate-title',
    headers: admin,
    payload: { title: 'Hallo', sourceLanguage: 'nl' },
  })
  t.equal(res.statusCode, 503)
  t.match(res.json().message, /no translation service is configured/)
  const empty = await app.inject({
    method: 'POST',
    url: '/api/blog/translate-title',
    headers: admin,
    payload: { title: '  ', sourceLanguage: 'en' },
  })
  t.equal(empty.statusCode, 400)
  t.match(empty.json().message, /No title to translate. Please enter an English title first/)
})

t.test('an update that loses a race for the slug is SLUG_TAKEN (the unique index decides)', async (t) => {
  t.equal((await post({ ...base, slug: 'race-a' })).statusCode, 201)
  const b = (await post({ ...base, slug: 'race-b' })).json()
  // The slug is free when checked and taken when written: another write won in between.
  const posts = postModel(app.db)
  const exists = posts.exists
  posts.exists = (async () => null) as unknown as typeof posts.exists
  t.teardown(() => {
    posts.exists = exists
  })
  const res = await app.inject({
    method: 'PUT',
    url: `/api/blog/${b.id}`,
    headers: admin,
    payload: { slug: 'race-a' },
  })
  t.equal(res.statusCode, 409)
  t.equal(res.json().code, 'SLUG_TAKEN')
  t.equal(res.json().message, 'A blog post with this slug already exists.')
})
