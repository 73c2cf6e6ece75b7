// @tier services
// Preview links of pages (docs/editorial.md): as the posts' — the draft to anyone holding the
// link, private and not indexed, the public read 404, revocable; a post's token opens no page.
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { signPreview } from '@site/service-kit'
import type { Page, PreviewLink } from '@site/contracts'
import { content } from './helpers.js'

t.test('a page draft through its link; revoked, expired or a post token: 404', async (t) => {
  const { call, admin, env } = await testApp({ ...content, t })
  const draft = (
    await call(
      'POST',
      '/api/pages',
      {
        slug: 'concept-pagina',
        title_nl: 'Conceptpagina',
        title_en: 'Draft page',
        content_nl: '<p>Nog niet af</p>',
        content_en: '<p>Not done</p>',
        published: false,
      },
      admin,
    )
  ).json<Page>()
  const made = await call('POST', `/api/pages/${draft.id}/preview`, {}, admin)
  t.equal(made.statusCode, 200, made.body)
  const { url, expires_at } = made.json<PreviewLink>()
  t.match(url, /\/preview\/pages\/[\w-]{48}$/)
  t.ok(Date.parse(expires_at) > Date.now() + 6.9 * 86400000)
  const token = url.split('/preview/pages/')[1]!
  const shown = await call('GET', `/api/pages/preview/${token}`)
  t.equal(shown.statusCode, 200, shown.body)
  t.match(shown.json(), { title_nl: 'Conceptpagina', published: false })
  t.equal(shown.headers['cache-control'], 'private, no-store')
  t.equal(shown.headers['x-robots-tag'], 'noindex')
  t.equal((await call('GET', '/api/pages/slug/concept-pagina')).statusCode, 404)

  const asPost = signPreview(env.SESSION_SECRET!, {
    kind: 'post',
    id: draft.id,
    version: 0,
    expires: Date.now() + 60000,
  })
  t.equal((await call('GET', `/api/pages/preview/${asPost}`)).statusCode, 404, "a post's token opens no page")
  const expired = signPreview(env.SESSION_SECRET!, {
    kind: 'page',
    id: draft.id,
    version: 0,
    expires: Date.now() - 1,
  })
  t.equal((await call('GET', `/api/pages/preview/${expired}`)).statusCode, 404)
  t.equal((await call('DELETE', `/api/pages/${draft.id}/preview`, undefined, admin)).statusCode, 204)
  t.equal((await call('GET', `/api/pages/preview/${token}`)).statusCode, 404, 'revoked')
  t.equal((await call('POST', `/api/pages/${draft.id}/preview`, {})).statusCode, 401)
})
