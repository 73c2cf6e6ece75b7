// @tier stack
// Issue 47 for features and the site content on the whole stack (docs/editorial.md, "Translations:
// features and site content"): an edit of a feature's Dutch makes its English stale on the board
// (GET /api/translations?type=feature, and the Translations tab in Chromium) and Review clears it,
// naming the reviewer; the feature editor shows each language's state; an edit of the site
// content's Dutch makes its English stale, and the Content tab's Still right clears it.
import t from 'tap'
import type { Feature, SiteContent, TranslationBoard } from '@site/contracts'
import { startStack } from '../helpers/stack.js'
import { axeViolations, launchBrowser, signInToAdmin } from '../helpers/browser.js'
import { adminApi } from '../public/api.js'

const stack = await startStack({ only: ['auth', 'content', 'blog', 'web', 'gateway'] })
t.teardown(() => stack.stop())
const USER = 'ft-admin'
const PASSWORD = 'a-long-password-for-feature-languages'
const api = await adminApi(stack, USER, PASSWORD)
const send = api.send
const FEATURE = {
  icon: 'bolt',
  title_nl: 'Razendsnel live',
  title_en: 'Live in no time',
  title_de: 'Blitzschnell live',
  description_nl: 'Binnen dagen een werkend prototype.',
  description_en: 'A working prototype within days.',
  description_de: 'Ein funktionierender Prototyp in wenigen Tagen.',
}
const feature = await api.post<Feature>('/api/features', FEATURE)

t.test("a Dutch edit of a feature makes its English stale on the board's counts", async (t) => {
  t.match(feature.translations, { en: { stale: false }, de: { stale: false } })
  const edited = await send<Feature>('PUT', `/api/features/${feature.id}`, {
    ...FEATURE,
    description_nl: 'Binnen vijf dagen een werkend prototype.',
  })
  t.equal(edited.status, 200)
  t.match(edited.body.translations, { nl: { stale: false }, en: { stale: true }, de: { stale: true } })
  const board = await send<TranslationBoard>('GET', '/api/translations?type=feature&pageSize=50')
  t.equal(board.status, 200, '/api/translations?type=feature leads to the features’ board')
  t.ok(board.body.items.every((r) => r.type === 'feature'))
  const row = board.body.items.find((r) => r.id === feature.id)!
  t.match(row.cells, { nl: { state: 'published' }, en: { state: 'stale' }, de: { state: 'stale' } })
  t.equal(board.body.counts.en.stale, 1, 'only this feature’s English waits')
  t.equal(board.body.counts.en.published, board.body.total - 1)
  const publish = await send<{ code: string }>(
    'POST',
    `/api/features/${feature.id}/translations/en/unpublish`,
  )
  t.equal(publish.status, 409)
  t.equal(publish.body.code, 'NO_LANGUAGE_SWITCH')
})

t.test('the Translations tab: the stale English of the feature, Review clears it', async (t) => {
  const browser = await launchBrowser({ baseURL: stack.url })
  t.teardown(() => browser.close())
  const page = await browser.newPage()
  await signInToAdmin(page, USER, PASSWORD)
  await page.getByRole('tab', { name: 'Translations', exact: true }).click()
  await page.getByTestId('translation-board').or(page.getByText('No post matches.')).waitFor()
  await page.getByLabel('Show').selectOption('feature')
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  const row = page.locator(`[data-id="${feature.id}"]`)
  await row.waitFor()
  t.equal(await row.getByTestId('cell-en').getAttribute('data-state'), 'stale', 'shown stale')
  const api = (await send<TranslationBoard>('GET', '/api/features/translations')).body
  const shown = await page.getByTestId('translation-counts-en').locator('td').allInnerTexts()
  t.same(
    shown.map(Number),
    ['missing', 'needs_review', 'stale', 'reviewed', 'published'].map((s) => api.counts.en[s]),
    "the tab's English counts are the API's for features",
  )
  t.same(await axeViolations(page), [], 'axe: the Translations tab with features')
  await row.getByTestId('cell-en').getByRole('button', { name: 'Review', exact: true }).click()
  await row.locator('[data-testid="cell-en"][data-state="published"]').waitFor()
  t.match(await row.getByTestId('cell-en').innerText(), USER, 'the reviewer is named in the cell')
  const after = await send<Feature>('GET', `/api/features/${feature.id}`)
  t.match(after.body.translations, {
    en: { stale: false, reviewed_by: USER, state: 'published' },
    de: { stale: true },
  })
  // The feature's editor from the board: each language's state.
  await row.getByRole('button', { name: 'Edit', exact: true }).click()
  const langs = page.getByTestId('feature-form').getByTestId('feature-languages')
  t.match(await langs.getByTestId('feature-language-en').innerText(), /English: Published, reviewed by/)
  t.match(await langs.getByTestId('feature-language-de').innerText(), /German: Stale/)
  t.same(await axeViolations(page), [], 'axe: the feature editor with its languages')
  await langs.getByTestId('feature-language-de').getByRole('button', { name: 'Still right' }).click()
  await langs.locator('[data-testid="feature-language-de"][data-state="published"]').waitFor()
  t.equal((await send<Feature>('GET', `/api/features/${feature.id}`)).body.translations!.de.stale, false)
})

t.test("the site content: a Dutch edit makes the English stale; the Content tab's Still right", async (t) => {
  const current = (await send<SiteContent>('GET', '/api/content')).body
  const { id, updated_at, translations, ...input } = current
  void [id, updated_at, translations]
  const saved = await send<SiteContent>('POST', '/api/content', { ...input, intro_nl: 'Een nieuwe intro.' })
  t.equal(saved.status, 200)
  t.match(saved.body.translations, { en: { stale: true }, de: { stale: true } })
  const board = await send<TranslationBoard>('GET', '/api/translations?type=content')
  t.equal(board.body.total, 1)
  t.equal(board.body.counts.en.stale, 1)
  const browser = await launchBrowser({ baseURL: stack.url })
  t.teardown(() => browser.close())
  const page = await browser.newPage()
  await signInToAdmin(page, USER, PASSWORD)
  const langs = page.getByTestId('content-form').getByTestId('content-languages')
  await langs.locator('[data-testid="content-language-en"][data-state="stale"]').waitFor()
  await langs.getByTestId('content-language-en').getByRole('button', { name: 'Still right' }).click()
  await langs.locator('[data-testid="content-language-en"][data-state="published"]').waitFor()
  const after = await send<TranslationBoard>('GET', '/api/content/translations')
  t.match(after.body.items[0]!.cells, { en: { stale: false, reviewed_by: USER }, de: { stale: true } })
})
