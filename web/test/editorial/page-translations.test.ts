// @tier stack
// Issue 47 for pages on the whole stack (docs/editorial.md, "Translations: pages"; docs/web.md): an
// edit of a page's Dutch makes its English and German stale; a review clears the flag and names the
// reviewer; taking the German down removes it from hreflang and the pages sitemap while nl and en
// stay, and its URL shows the Dutch text marked as such; the board's page counts
// (GET /api/translations?type=page) match the pages, in the API and the Translations tab; the page
// editor shows each language's state and acts on it, shows a translation beside the Dutch with what
// changed there since (issue 47 #4), and saves over the version the action answered.
import t from 'tap'
import type { Page, TranslationBoard } from '@site/contracts'
import { hreflangs } from '../helpers/page-checks.js'
import { startStack } from '../helpers/stack.js'
import { axeViolations, launchBrowser, signInToAdmin } from '../helpers/browser.js'
import { adminApi, PAGE } from '../public/api.js'

const stack = await startStack({ only: ['auth', 'content', 'blog', 'web', 'gateway'] })
t.teardown(() => stack.stop())
const api = await adminApi(stack, 'pt-admin', 'a-long-password-for-page-languages')
const send = api.send
const text = async (path: string) => (await fetch(`${stack.url}${path}`)).text()

const privacy = await api.post<Page>('/api/pages', PAGE)
const bare = await api.post<Page>('/api/pages', {
  ...PAGE,
  slug: 'terms',
  title_de: null,
  content_de: null,
})
const { id, created_at, updated_at, translations, languages, publish_at, unpublish_at, ...input } = privacy
void [id, created_at, updated_at, translations, languages, publish_at, unpublish_at]

t.test('an edit of the Dutch makes en and de stale; a review clears it and names the reviewer', async (t) => {
  t.match(privacy.translations, { en: { stale: false }, de: { stale: false } })
  const edited = await send<Page>('PUT', `/api/pages/${privacy.id}`, {
    ...input,
    content_nl: '<p>Wij gaan heel zorgvuldig om met uw gegevens.</p>',
  })
  t.equal(edited.status, 200)
  t.match(edited.body.translations, {
    nl: { stale: false },
    en: { stale: true, state: 'stale' },
    de: { stale: true, state: 'stale' },
  })
  const reviewed = await send<Page>('POST', `/api/pages/${privacy.id}/translations/de/review`)
  t.equal(reviewed.status, 200)
  t.match(reviewed.body.translations!.de, { stale: false, reviewed_by: 'pt-admin', state: 'published' })
  t.equal(reviewed.body.translations!.en.stale, true, 'the English still waits')
})

t.test('taking the German down: gone from hreflang and the sitemap; nl and en stay', async (t) => {
  const sitemap = () => text('/sitemap-pages.xml')
  t.match(await sitemap(), `<loc>${stack.url}/de/pages/privacy</loc>`)
  t.same(hreflangs(await text('/pages/privacy')), ['nl', 'en', 'de', 'x-default'])
  const down = await send<Page>('POST', `/api/pages/${privacy.id}/translations/de/unpublish`)
  t.equal(down.status, 200)
  t.same(down.body.languages, ['nl', 'en'])
  const xml = await sitemap()
  t.notMatch(xml, `${stack.url}/de/pages/privacy`, 'no German sitemap entry nor alternate')
  t.match(xml, `<loc>${stack.url}/pages/privacy</loc>`)
  t.match(xml, `<loc>${stack.url}/en/pages/privacy</loc>`)
  t.notMatch(xml, `${stack.url}/de/pages/terms`, 'a page without German has none either')
  for (const path of ['/pages/privacy', '/en/pages/privacy'])
    t.same(hreflangs(await text(path)), ['nl', 'en', 'x-default'], `${path}: no German alternate`)
  const german = await fetch(`${stack.url}/de/pages/privacy`)
  t.equal(german.status, 200, 'the German URL shows the Dutch text, marked as such')
  const html = await german.text()
  t.notMatch(html, 'Wir gehen sorgfältig', 'not the German text taken down')
  t.match(html, 'Wij gaan heel zorgvuldig')
  t.match(html, 'data-testid="page-language-notice"')
  t.match(html, /<article[^>]*data-testid="cms-page"[^>]*lang="nl"/, 'the text is marked as Dutch')
  t.match(html, `<link rel="canonical" href="${stack.url}/pages/privacy"`, 'canonical: the Dutch page')
  t.notMatch(await text('/en/pages/privacy'), 'page-language-notice', 'the English is itself')
  const src = await send('POST', `/api/pages/${privacy.id}/translations/nl/unpublish`)
  t.equal(src.status, 409, 'Dutch only with the page')
})

t.test("the board's page counts match the pages", async (t) => {
  const board = await send<TranslationBoard>('GET', '/api/translations?type=page&pageSize=50')
  t.equal(board.status, 200, '/api/translations?type=page leads to the pages’ board')
  t.equal(board.body.total, 2)
  t.ok(board.body.items.every((r) => r.type === 'page'))
  const row = board.body.items.find((r) => r.id === privacy.id)!
  t.match(row.cells, { nl: { state: 'published' }, en: { state: 'stale' }, de: { state: 'reviewed' } })
  t.same(board.body.counts.nl, { missing: 0, needs_review: 0, stale: 0, reviewed: 0, published: 2 })
  t.same(board.body.counts.en, { missing: 0, needs_review: 0, stale: 1, reviewed: 0, published: 1 })
  t.same(board.body.counts.de, { missing: 1, needs_review: 0, stale: 0, reviewed: 1, published: 0 })
  t.same((await send<TranslationBoard>('GET', '/api/translations')).body.total, 0, 'the posts’ board')
  const missing = await send<TranslationBoard>('GET', '/api/pages/translations?lang=de&state=missing')
  t.same(
    missing.body.items.map((r) => r.id),
    [bare.id],
  )
})

t.test("the Translations tab's pages and the page editor's languages", async (t) => {
  const browser = await launchBrowser({ baseURL: stack.url })
  t.teardown(() => browser.close())
  const page = await browser.newPage()
  await signInToAdmin(page, 'pt-admin', 'a-long-password-for-page-languages')
  await page.getByRole('tab', { name: 'Translations', exact: true }).click()
  await page.getByTestId('translation-board').or(page.getByText('No post matches.')).waitFor()
  await page.getByLabel('Show').selectOption('page')
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await page.locator(`[data-id="${privacy.id}"]`).waitFor()
  const api = (await send<TranslationBoard>('GET', '/api/pages/translations')).body
  for (const lang of ['nl', 'en', 'de'] as const) {
    const shown = await page.getByTestId(`translation-counts-${lang}`).locator('td').allInnerTexts()
    t.same(
      shown.map(Number),
      ['missing', 'needs_review', 'stale', 'reviewed', 'published'].map((s) => api.counts[lang][s]),
      `${lang}: the tab's counts are the API's for pages`,
    )
  }
  t.same(await axeViolations(page), [], 'axe: the Translations tab with pages')
  await page.locator(`[data-id="${privacy.id}"]`).getByRole('button', { name: 'Edit', exact: true }).click()
  const langs = page.getByTestId('page-form').getByTestId('page-languages')
  const en = langs.getByTestId('page-language-en')
  t.match(await en.innerText(), /English: Stale/)
  t.match(
    await langs.getByTestId('page-language-de').innerText(),
    /German: Current, not public, reviewed by pt-admin/,
  )
  t.same(await axeViolations(page), [], 'axe: the page editor with its languages')
  // The side by side: the English beside the Dutch, and what changed in the Dutch since.
  await en.getByTestId('page-compare-en').click()
  const side = langs.getByTestId('side-by-side')
  t.same(
    await side.locator('tbody tr').first().locator('td').allInnerTexts(),
    ['Privacyverklaring', 'Privacy statement'],
    'the Dutch title beside the English',
  )
  const changed = side.getByTestId('source-changes')
  await changed.waitFor()
  const rows = await changed.locator('tbody tr').allInnerTexts()
  t.equal(rows.length, 1, 'only the Dutch text changed')
  t.match(
    rows[0],
    /^Text\s+Wij gaan zorgvuldig om met uw gegevens\.\s+Wij gaan heel zorgvuldig/,
    'then and now',
  )
  t.same(await axeViolations(page), [], 'axe: the page side by side')
  await en.getByRole('button', { name: 'Still right' }).click()
  await langs.locator('[data-testid="page-language-en"][data-state="published"]').waitFor()
  t.equal(await side.getByTestId('source-changes').count(), 0, 'current again: no changes listed')
  await langs.getByTestId('page-language-de').getByRole('button', { name: 'Publish' }).click()
  await langs.locator('[data-testid="page-language-de"][data-state="published"]').waitFor()
  // The editor saves over the version the actions answered: no edit conflict with itself.
  await page.getByLabel('English title').fill('Privacy notice')
  await page.getByRole('button', { name: 'Update Page', exact: true }).click()
  await page.getByTestId('page-form').waitFor({ state: 'detached' })
  const after = await send<Page>('GET', `/api/pages/${privacy.id}`)
  t.equal(after.body.title_en, 'Privacy notice')
  t.match(after.body.translations, {
    en: { stale: false, reviewed_by: 'pt-admin', origin: 'human' },
    de: { live: true },
  })
  t.same(hreflangs(await text('/pages/privacy')), ['nl', 'en', 'de', 'x-default'], 'German back')
})
