// @tier services
// The editors' marks (EDITORIAL_MARKS: machine text, untranslated fields, glossary issues, the
// source language, the languages' states) stay in admin reads; the public answers (the list, a post
// by slug, the changes for indexers, a preview link) leave them out and keep `languages`.
import t from 'tap'
import { EDITORIAL_MARKS, type BlogPost, type PreviewLink } from '@site/contracts'
import { blogApp } from './helpers.js'

const s = await blogApp()
t.teardown(() => s.close())

const made = (
  await s.call(
    'POST',
    '/api/blog',
    {
      slug: 'marked-post',
      title_nl: 'Werken met Acme Flow',
      title_en: 'Working with Acme Flow',
      excerpt_nl: 'Kort',
      excerpt_en: 'Short',
      content_nl: '<p>Tekst</p>',
      content_en: '<p>Text</p>',
      published: true,
    },
    s.admin,
  )
).json<BlogPost>()
// As a machine translation leaves a post (jobs/import.ts): its marks set on the stored document.
await s.app.db.collection('blog_posts').updateOne(
  { slug: 'marked-post' },
  {
    $set: {
      machine_translated: ['title_en'],
      source_language: 'nl',
      glossary_issues: [{ lang: 'en', field: 'title_en', term: 'Acme Flow', kind: 'translated' }],
    },
  },
)

const marksIn = (post: Record<string, unknown>) => EDITORIAL_MARKS.filter((mark) => mark in post)

t.test('public answers carry no editorial mark, and keep the languages', async (t) => {
  const bySlug = await s.call('GET', '/api/blog/slug/marked-post')
  t.equal(bySlug.statusCode, 200, bySlug.body)
  t.same(marksIn(bySlug.json()), [], 'the post by slug')
  t.same(bySlug.json().languages, ['nl', 'en'])
  const list = (await s.call('GET', '/api/blog')).json<{ items: Record<string, unknown>[] }>()
  t.equal(list.items.length, 1)
  t.same(marksIn(list.items[0]!), [], 'the published list')
  const changes = (await s.call('GET', '/api/blog/changes')).json<{ items: Record<string, unknown>[] }>()
  t.equal(changes.items.length, 1)
  t.same(marksIn(changes.items[0]!), [], 'the changes an indexer reads')
  const link = (await s.call('POST', `/api/blog/${made.id}/preview`, {}, s.admin)).json<PreviewLink>()
  const preview = await s.call('GET', `/api/blog/preview/${link.url.split('/preview/blog/')[1]}`)
  t.equal(preview.statusCode, 200, preview.body)
  t.same(marksIn(preview.json()), [], 'a preview link')
})

t.test('admin reads keep the marks', async (t) => {
  const full = await s.call('GET', `/api/blog/${made.id}`, undefined, s.admin)
  t.equal(full.statusCode, 200, full.body)
  t.match(full.json(), {
    machine_translated: ['title_en'],
    needs_review: true,
    source_language: 'nl',
    glossary_issues: [{ lang: 'en', field: 'title_en', term: 'Acme Flow', kind: 'translated' }],
  })
  t.ok(full.json().translations, 'the languages’ states')
  const admin = (await s.call('GET', '/api/blog?q=Acme', undefined, s.admin)).json()
  t.match(admin.items, [
    { slug: 'marked-post', glossary_issues: [{ term: 'Acme Flow' }], needs_review: true },
  ])
})
