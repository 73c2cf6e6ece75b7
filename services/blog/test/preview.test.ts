// @tier services
// Preview links (docs/editorial.md): a signed link shows the post as saved now to anyone holding
// it, never cached or indexed; the draft's public read stays 404; revoking, expiry, a forged or
// another kind's token all end it.
import t from 'tap'
import { signPreview } from '@site/service-kit'
import type { BlogPost, PreviewLink } from '@site/contracts'
import { blogApp } from './helpers.js'

const s = await blogApp({ PUBLIC_ORIGIN: 'https://site.example,http://localhost:8080' })
t.teardown(() => s.close())

const draft = (
  await s.call(
    'POST',
    '/api/blog',
    {
      slug: 'secret-draft',
      title_nl: 'Geheim concept',
      title_en: 'Secret draft',
      excerpt_nl: 'Kort',
      excerpt_en: 'Short',
      content_nl: '<p>Nog niet af</p>',
      content_en: '<p>Not done yet</p>',
    },
    s.admin,
  )
).json<BlogPost>()
const tokenOf = (url: string) => url.split('/preview/blog/')[1]!
const read = (token: string) => s.call('GET', `/api/blog/preview/${token}`)

t.test('a link shows the draft to anyone, privately; the public read stays 404', async (t) => {
  const made = await s.call('POST', `/api/blog/${draft.id}/preview`, {}, s.admin)
  t.equal(made.statusCode, 200, made.body)
  const link = made.json<PreviewLink>()
  t.match(link.url, /^https:\/\/site\.example\/preview\/blog\/[\w-]{48}$/)
  const days = (Date.parse(link.expires_at) - Date.now()) / 86400000
  t.ok(days > 6.99 && days <= 7, 'expires in 7 days by default')
  const shown = await read(tokenOf(link.url))
  t.equal(shown.statusCode, 200, shown.body)
  t.match(shown.json(), { title_nl: 'Geheim concept', published: false, content_en: '<p>Not done yet</p>' })
  t.equal(shown.headers['cache-control'], 'private, no-store')
  t.equal(shown.headers['x-robots-tag'], 'noindex')
  t.equal((await s.call('GET', '/api/blog/slug/secret-draft')).statusCode, 404)
  // An edit shows through the same link: it reads the post as saved now.
  await s.call('PUT', `/api/blog/${draft.id}`, { title_nl: 'Geheim concept v2' }, s.admin)
  t.match((await read(tokenOf(link.url))).json(), { title_nl: 'Geheim concept v2' })
})

t.test('revoking ends every link made so far; a new one works', async (t) => {
  const first = tokenOf(
    (await s.call('POST', `/api/blog/${draft.id}/preview`, {}, s.admin)).json<PreviewLink>().url,
  )
  const second = tokenOf(
    (await s.call('POST', `/api/blog/${draft.id}/preview`, {}, s.admin)).json<PreviewLink>().url,
  )
  t.equal((await read(first)).statusCode, 200)
  const revoked = await s.call('DELETE', `/api/blog/${draft.id}/preview`, undefined, s.admin)
  t.equal(revoked.statusCode, 204, revoked.body)
  for (const token of [first, second]) {
    const gone = await read(token)
    t.equal(gone.statusCode, 404)
    t.match(gone.json(), { message: 'This preview link has expired or was revoked.' })
    t.equal(gone.headers['cache-control'], 'private, no-store')
  }
  const fresh = tokenOf(
    (await s.call('POST', `/api/blog/${draft.id}/preview`, {}, s.admin)).json<PreviewLink>().url,
  )
  t.equal((await read(fresh)).statusCode, 200)
  const [last] = await s.app.changes.log.history('post', draft.id)
  t.ok(last, 'the history is untouched by links (no revision)')
  // In the order they were made (a find without a sort has none: this once came back shuffled).
  const records = await s.app.changes.log.model
    .find({ target_id: draft.id, action: /^preview/ })
    .sort({ at: 1, _id: 1 })
    .lean()
  t.same(
    records.map((r) => [r.action, r.actor_name, r.keys]),
    [
      ['preview', 'editor', []],
      ['preview', 'editor', []],
      ['preview', 'editor', []],
      ['preview-revoke', 'editor', []],
      ['preview', 'editor', []],
    ].slice(-5),
    'each link and the revocation are in the audit record, purging nothing',
  )
})

t.test('expired, forged, another kind: 404; not admin: 401', async (t) => {
  const secret = s.env.SESSION_SECRET!
  const expired = signPreview(secret, { kind: 'post', id: draft.id, version: 1, expires: Date.now() - 1 })
  t.equal((await read(expired)).statusCode, 404)
  const page = signPreview(secret, { kind: 'page', id: draft.id, version: 1, expires: Date.now() + 60000 })
  t.equal((await read(page)).statusCode, 404)
  const forged = signPreview('another-secret-of-at-least-32-chars!', {
    kind: 'post',
    id: draft.id,
    version: 1,
    expires: Date.now() + 60000,
  })
  t.equal((await read(forged)).statusCode, 404)
  t.equal((await read('not-a-token')).statusCode, 400)
  t.equal((await s.call('POST', `/api/blog/${draft.id}/preview`, {})).statusCode, 401)
  t.equal((await s.call('POST', '/api/blog/000000000000000000000000/preview', {}, s.admin)).statusCode, 404)
})
