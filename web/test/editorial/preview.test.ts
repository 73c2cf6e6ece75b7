// @tier stack
// Preview links on the whole stack (docs/editorial.md): an anonymous browser opens the link and
// sees the draft rendered as its public page would be, under the Preview bar, not indexed and
// never cached; the draft's public URL stays 404; after the admin revokes it the link is dead.
import t from 'tap'
import type { BlogPost, Page, PreviewLink } from '@site/contracts'
import { collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { startStack } from '../helpers/stack.js'
import { adminApi, POST } from '../public/api.js'

// contact: the admin's Blog tab reads each post's views from it (analytics, issue 48).
const stack = await startStack({ only: ['auth', 'content', 'blog', 'web', 'contact', 'gateway'] })
t.teardown(() => stack.stop())
const api = await adminApi(stack, 'preview-admin', 'a-long-password-for-previews')
const draft = await api.post<BlogPost>('/api/blog', {
  ...POST,
  slug: 'draft-under-review',
  title_nl: 'Concept ter beoordeling',
  title_en: 'Draft under review',
  published: false,
})
const link = await api.post<PreviewLink>(`/api/blog/${draft.id}/preview`, {})
const path = new URL(link.url).pathname

t.test('an anonymous browser sees the draft as its page, under the Preview bar', async (t) => {
  const browser = await launchBrowser({ baseURL: stack.url })
  t.teardown(() => browser.close())
  const page = await browser.newPage()
  const errors = collectPageErrors(page)
  const res = await page.goto(path)
  t.equal(res?.status(), 200)
  t.equal(res?.headers()['cache-control'], 'private, no-store')
  t.equal(res?.headers()['x-robots-tag'], 'noindex')
  t.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex')
  t.equal(await page.locator('link[rel="canonical"]').count(), 0, 'no canonical URL')
  t.match(await page.getByTestId('preview-bar').innerText(), /voorbeeld/i)
  t.equal(await page.locator('h1').innerText(), 'Concept ter beoordeling')
  t.match(await page.getByTestId('post-body').innerText(), /Nederlandse inhoud/)
  const en = await page.goto(`/en${path}`)
  t.equal(en?.status(), 200)
  t.equal(await page.locator('h1').innerText(), 'Draft under review')
  t.match(await page.getByTestId('preview-bar').innerText(), /preview/i)
  t.same(errors, [], 'no errors in the page (hydration included)')

  const pub = await page.goto('/blog/draft-under-review')
  t.equal(pub?.status(), 404, 'the public URL of the draft stays 404')
})

t.test('revoked: the link answers 404 and says so', async (t) => {
  const revoke = await fetch(`${stack.url}/api/blog/${draft.id}/preview`, {
    method: 'DELETE',
    headers: { cookie: api.cookie, 'x-requested-with': 'XMLHttpRequest', origin: stack.url },
  })
  t.equal(revoke.status, 204)
  const browser = await launchBrowser({ baseURL: stack.url })
  t.teardown(() => browser.close())
  const page = await browser.newPage()
  const res = await page.goto(path)
  t.equal(res?.status(), 404)
  t.equal(res?.headers()['cache-control'], 'private, no-store')
  t.equal(await page.getByTestId('preview-gone').locator('h1').innerText(), 'Voorbeeld niet beschikbaar')
  t.equal(await page.getByTestId('preview-bar').count(), 0)
})

t.test('a page draft through its preview link, the same way', async (t) => {
  const draftPage = await api.post<Page>('/api/pages', {
    slug: 'page-under-review',
    title_nl: 'Pagina ter beoordeling',
    title_en: 'Page under review',
    content_nl: '<p>Nog niet af.</p>',
    content_en: '<p>Not done yet.</p>',
    published: false,
  })
  const pageLink = await api.post<PreviewLink>(`/api/pages/${draftPage.id}/preview`, {})
  const browser = await launchBrowser({ baseURL: stack.url })
  t.teardown(() => browser.close())
  const page = await browser.newPage()
  const res = await page.goto(new URL(pageLink.url).pathname)
  t.equal(res?.status(), 200)
  t.equal(res?.headers()['cache-control'], 'private, no-store')
  t.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex')
  await page.getByTestId('preview-bar').waitFor()
  t.equal(await page.locator('h1').innerText(), 'Pagina ter beoordeling')
  t.equal((await page.goto('/pages/page-under-review'))?.status(), 404, 'the public URL stays 404')
})

t.test('a malformed or unknown token: the preview 404 page, never a 503', async (t) => {
  const unknown = link.url.replace(/\/[^/]+$/, `/${'A'.repeat(48)}`)
  const cases = ['/preview/blog/x', '/preview/pages/x', '/en/preview/blog/x', new URL(unknown).pathname]
  for (const path of cases) {
    const res = await fetch(`${stack.url}${path}`)
    const body = await res.text()
    t.equal(res.status, 404, path)
    t.equal(res.headers.get('cache-control'), 'private, no-store', `${path}: kept by no cache`)
    t.match(body, 'data-testid="preview-gone"', `${path}: says the link is not available`)
  }
})
