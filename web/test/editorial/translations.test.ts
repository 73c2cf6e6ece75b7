// @tier stack
// Issue 47 on the whole stack (docs/editorial.md, "Translations"; docs/web.md): an edit of a post's
// Dutch makes its English and German stale; a review clears the flag and names the reviewer; a
// machine translation (the OpenAI-protocol test double) needs review and, with review required, is
// not public in that language until reviewed; taking the German down removes it from hreflang, the
// sitemap and the feed while nl and en stay; the board's counts match the posts; the post editor
// shows a stale English beside its Dutch source with what changed in the source (side by side).
import t from 'tap'
import { startFakeOpenAI } from '@site/service-kit/testing'
import type { BlogPost, TranslationBoard } from '@site/contracts'
import { hreflangs } from '../helpers/page-checks.js'
import { startStack } from '../helpers/stack.js'
import { axeViolations, launchBrowser, signInToAdmin } from '../helpers/browser.js'
import { adminApi, POST } from '../public/api.js'

// The double marks what it translates: "[DE] <source text>".
const fake = await startFakeOpenAI(async (body) => {
  const user = body.messages?.filter((m) => m.role === 'user').at(0)?.content ?? ''
  const payload = user.slice(user.indexOf('\n\n') + 2)
  if (user.startsWith('Translate the title and the excerpt')) {
    const meta = JSON.parse(payload) as { title: string; excerpt: string }
    return { content: JSON.stringify({ title: `[DE] ${meta.title}`, excerpt: `[DE] ${meta.excerpt}` }) }
  }
  return { content: JSON.stringify({ html: payload.replace(/>([^<>]+)</g, '>[DE] $1<') }) }
})
t.teardown(() => fake.close())
const stack = await startStack({
  only: ['auth', 'content', 'blog', 'web', 'gateway'],
  env: { OPENAI_BASE_URL: fake.baseURL, OPENAI_API_KEY: 'test-key', OPENAI_MODEL: 'fake-model' },
})
t.teardown(() => stack.stop())
const api = await adminApi(stack, 'tr-admin', 'a-long-password-for-translations')
const send = api.send
const text = async (path: string) => (await fetch(`${stack.url}${path}`)).text()

const post = await api.post<BlogPost>('/api/blog', {
  ...POST,
  slug: 'three-languages',
  title_de: 'Drei Sprachen',
  excerpt_de: 'Kurz',
  content_de: '<p>Deutscher Inhalt.</p>',
})

t.test('an edit of the Dutch makes en and de stale; a review clears it and names the reviewer', async (t) => {
  t.match(post.translations, { en: { stale: false }, de: { stale: false } })
  const edited = await send<BlogPost>('PUT', `/api/blog/${post.id}`, { content_nl: '<p>Nieuwe inhoud.</p>' })
  t.equal(edited.status, 200)
  t.match(edited.body.translations, {
    nl: { stale: false },
    en: { stale: true, state: 'stale' },
    de: { stale: true, state: 'stale' },
  })
  const tagged = await send<BlogPost>('PUT', `/api/blog/${post.id}`, { tags: ['other'] })
  t.equal(tagged.body.translations!.de.stale, true, 'an unrelated change leaves the flags as they were')
  const reviewed = await send<BlogPost>('POST', `/api/blog/${post.id}/translations/de/review`)
  t.equal(reviewed.status, 200)
  t.match(reviewed.body.translations!.de, { stale: false, reviewed_by: 'tr-admin', state: 'published' })
  t.equal(reviewed.body.translations!.en.stale, true, 'the English still waits')
})

t.test('with review required, a machine translation is not public in German until reviewed', async (t) => {
  const settings = await send('PUT', '/api/translations/settings', { publish_unreviewed: { de: false } })
  t.equal(settings.status, 200)
  const fresh = await api.post<BlogPost>('/api/blog', { ...POST, slug: 'machine-made' })
  t.equal(fresh.translations!.de.state, 'missing')
  const made = await send<BlogPost>('POST', `/api/blog/translate/${fresh.id}/de`, {})
  t.equal(made.status, 200)
  t.match(made.body.title_de, /^\[DE\] /)
  t.match(made.body.translations!.de, { origin: 'machine', needs_review: true, held: true, live: false })
  const before = await text('/de/blog/machine-made')
  t.notMatch(before, '[DE]', 'the German page shows no machine text')
  t.same(hreflangs(before), ['nl', 'en', 'x-default'])
  t.match(before, `<link rel="canonical" href="${stack.url}/blog/machine-made"`, 'canonical: the Dutch page')
  t.notMatch(await text('/de/feed.xml'), '/de/blog/machine-made', 'no German feed item')
  const reviewed = await send<BlogPost>('POST', `/api/blog/${fresh.id}/translations/de/review`)
  t.match(reviewed.body.translations!.de, { live: true, reviewed_by: 'tr-admin', needs_review: false })
  const after = await text('/de/blog/machine-made')
  t.match(after, '[DE] ', 'public in German once reviewed')
  t.same(hreflangs(after), ['nl', 'en', 'de', 'x-default'])
  t.match(await text('/de/feed.xml'), '/de/blog/machine-made')
})

t.test('taking the German down: gone from hreflang, sitemap and feed; nl and en stay', async (t) => {
  const sitemap = () => text('/sitemap-posts-1.xml')
  t.match(await sitemap(), `${stack.url}/de/blog/three-languages`)
  const down = await send<BlogPost>('POST', `/api/blog/${post.id}/translations/de/unpublish`)
  t.equal(down.status, 200)
  t.same(down.body.languages, ['nl', 'en'])
  const xml = await sitemap()
  t.notMatch(xml, `${stack.url}/de/blog/three-languages`, 'no German sitemap entry')
  t.match(xml, `<loc>${stack.url}/blog/three-languages</loc>`)
  t.match(xml, `<loc>${stack.url}/en/blog/three-languages</loc>`)
  for (const path of ['/blog/three-languages', '/en/blog/three-languages'])
    t.same(hreflangs(await text(path)), ['nl', 'en', 'x-default'], `${path}: no German alternate`)
  const german = await fetch(`${stack.url}/de/blog/three-languages`)
  t.equal(german.status, 200, 'the German URL shows the Dutch text, marked as such')
  const page = await german.text()
  t.notMatch(page, 'Deutscher Inhalt', 'not the German text taken down')
  t.match(page, 'data-testid="post-language-notice"')
  t.notMatch(await text('/de/feed.xml'), '/de/blog/three-languages', 'no German feed item')
  t.match(await text('/feed.xml'), '/blog/three-languages')
  t.match(await text('/en/feed.xml'), '/en/blog/three-languages')
  const src = await send('POST', `/api/blog/${post.id}/translations/nl/unpublish`)
  t.equal(src.status, 409, 'Dutch only with the post')
})

t.test("the board's counts match the posts", async (t) => {
  const board = await send<TranslationBoard>('GET', '/api/translations?pageSize=50')
  t.equal(board.status, 200)
  t.equal(board.body.total, 2)
  const row = board.body.items.find((r) => r.id === post.id)!
  t.match(row.cells, { nl: { state: 'published' }, en: { state: 'stale' }, de: { state: 'reviewed' } })
  t.same(board.body.counts.en, { missing: 0, needs_review: 0, stale: 1, reviewed: 0, published: 1 })
  t.same(board.body.counts.de, { missing: 0, needs_review: 0, stale: 0, reviewed: 1, published: 1 })
  t.same(board.body.counts.nl, { missing: 0, needs_review: 0, stale: 0, reviewed: 0, published: 2 })
  const stale = await send<TranslationBoard>('GET', '/api/translations?lang=en&state=stale')
  t.same(
    stale.body.items.map((r) => r.id),
    [post.id],
  )
})

t.test("the Translations tab: the same counts, and a cell's action", async (t) => {
  const browser = await launchBrowser({ baseURL: stack.url })
  t.teardown(() => browser.close())
  const page = await browser.newPage()
  await signInToAdmin(page, 'tr-admin', 'a-long-password-for-translations')
  await page.getByRole('tab', { name: 'Translations', exact: true }).click()
  await page.getByTestId('translation-board').waitFor()
  const api = (await send<TranslationBoard>('GET', '/api/translations')).body
  for (const lang of ['nl', 'en', 'de'] as const) {
    const shown = await page.getByTestId(`translation-counts-${lang}`).locator('td').allInnerTexts()
    t.same(
      shown.map(Number),
      ['missing', 'needs_review', 'stale', 'reviewed', 'published'].map((s) => api.counts[lang][s]),
      `${lang}: the tab's counts are the API's`,
    )
  }
  t.same(await axeViolations(page), [], 'axe: the Translations tab')
  // The side by side (issue 47 #4): the post's editor, each language's state, the English beside
  // the Dutch, and what changed in the Dutch since the English was written.
  await page.locator(`[data-id="${post.id}"]`).getByRole('button', { name: 'Edit', exact: true }).click()
  const langs = page.getByTestId('blog-post-form').getByTestId('post-languages')
  t.match(await langs.getByTestId('post-language-en').innerText(), /English: Stale/)
  t.match(
    await langs.getByTestId('post-language-de').innerText(),
    /German: Current, not public, reviewed by tr-admin/,
  )
  await langs.getByTestId('post-language-en').click()
  const side = langs.getByTestId('side-by-side')
  t.same(
    await side.locator('tbody tr').first().locator('td').allInnerTexts(),
    ['Een AI-prototype in dagen', 'An AI prototype in days'],
    'the Dutch title beside the English',
  )
  const changed = side.getByTestId('source-changes')
  await changed.waitFor()
  const rows = await changed.locator('tbody tr').allInnerTexts()
  t.equal(rows.length, 1, 'only the Dutch text changed')
  t.match(
    rows[0],
    /^Text\s+Nederlandse inhoud van het bericht\..*Intake\.\s+Nieuwe inhoud\.$/s,
    'then and now',
  )
  t.same(await axeViolations(page), [], 'axe: the side by side')
  await page.getByRole('button', { name: 'Cancel', exact: true }).click()
  await langs.waitFor({ state: 'detached' })
  const en = page.locator(`[data-id="${post.id}"]`).getByTestId('cell-en')
  t.equal(await en.getAttribute('data-state'), 'stale')
  await en.getByRole('button', { name: 'Still right' }).click()
  await page
    .getByTestId('translation-counts-en')
    .locator('td[data-state="stale"]')
    .filter({ hasText: '0' })
    .waitFor()
  const after = await send<BlogPost>('GET', `/api/blog/${post.id}`)
  t.match(after.body.translations!.en, { stale: false, reviewed_by: 'tr-admin' })
})
