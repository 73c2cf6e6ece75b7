// @tier services
// Two people saving the same post (issue 45): the editor's read and every save answer with an ETag;
// a save carrying an outdated If-Match is refused with 412 (a scheduled publish in between is a
// change too), and a save without If-Match is taken as before.
import t from 'tap'
import { etagOf } from '@site/service-kit'
import type { BlogPost } from '@site/contracts'
import { blogApp } from './helpers.js'
import { postModel } from '../src/models/post.js'

const s = await blogApp()
t.teardown(() => s.close())
const post = {
  title_nl: 'Eerste',
  title_en: 'First',
  excerpt_nl: 'Kort',
  excerpt_en: 'Short',
  content_nl: '<p>Tekst</p>',
  content_en: '<p>Text</p>',
}

t.test('an outdated If-Match gets 412 and the other save stands', async (t) => {
  const { id } = (await s.call('POST', '/api/blog', post, s.admin)).json<BlogPost>()
  const read = await s.call('GET', `/api/blog/${id}`, undefined, s.admin)
  const opened = read.headers.etag as string
  t.equal(opened, etagOf(read.body), 'the hash of the body')
  t.equal(read.headers['cache-control'], 'private, no-store')

  // Meanwhile the post is published (by another editor, or the scheduler).
  await postModel(s.app.db).updateOne({ _id: id }, { $set: { published: true } })
  // The editor who opened the draft saves the whole form: it would have unpublished the post.
  const late = await s.call(
    'PUT',
    `/api/blog/${id}`,
    { ...post, title_en: 'Mine', published: false },
    {
      ...s.admin,
      'if-match': opened,
    },
  )
  t.equal(late.statusCode, 412, late.body)
  t.match(late.json(), { code: 'EDIT_CONFLICT', message: /Reload it to see their version, or save again/ })
  const now = await s.call('GET', `/api/blog/${id}`, undefined, s.admin)
  t.match(now.json(), { published: true, title_en: 'First' }, 'still published, nothing overwritten')
  t.equal(late.headers.etag, now.headers.etag, 'the 412 names the current version')

  const ok = await s.call(
    'PUT',
    `/api/blog/${id}`,
    { title_en: 'Mine' },
    { ...s.admin, 'if-match': now.headers.etag as string },
  )
  t.equal(ok.statusCode, 200, ok.body)
  t.equal(ok.headers.etag, etagOf(ok.body), 'the save answers its new tag')
  t.equal(
    (await s.call('PUT', `/api/blog/${id}`, { title_en: 'Blind' }, s.admin)).statusCode,
    200,
    'no If-Match: as before',
  )
})

t.test('saves racing with the same If-Match: one stands, the others get 412', async (t) => {
  const { id } = (await s.call('POST', '/api/blog', post, s.admin)).json<BlogPost>()
  const tag = (await s.call('GET', `/api/blog/${id}`, undefined, s.admin)).headers.etag as string
  // Eight editors who opened the same version save at once (the lock holds the check to the write).
  const saves = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      s.call('PUT', `/api/blog/${id}`, { ...post, title_en: `T${i}` }, { ...s.admin, 'if-match': tag }),
    ),
  )
  t.same(saves.map((r) => r.statusCode).sort(), [200, 412, 412, 412, 412, 412, 412, 412])
})
