// @tier stack
// The editorial tools as an admin uses them (docs/editorial.md), in Chromium against the stack:
// a post written with a publish time shows as Scheduled with that time in Amsterdam time (the
// admin's one clock, also for an admin whose browser is in New York); its
// preview link, opened by an anonymous browser, shows the draft under the Preview bar until it is
// revoked; an edit shows in the post's History with what changed, and Restore brings the earlier
// title back; a page written with a publish time (Published switched off first) shows as
// Scheduled too; the Audit log lists every action of the walk, and its filters narrow it; the site
// content's History, opened again after a save, lists it, and Restore shows in the form.
import t, { type Test } from 'tap'
import type { Locator } from 'playwright-core'
import { collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'

const USER = 'editor-admin'
const PASSWORD = 'editor-test-password-1'
// contact: the admin's Blog tab reads each post's views from it (analytics, issue 48).
const stack = await startStack({
  only: ['auth', 'content', 'blog', 'blog-worker', 'web', 'contact', 'gateway'],
})
t.teardown(() => stack.stop())
await seedAdmin(stack, USER, PASSWORD)
// Far from Amsterdam: the admin's times are Amsterdam time whatever the browser's zone (issue 49 #3).
const browser = await launchBrowser({ baseURL: stack.url, timezoneId: 'America/New_York' })
// These walks type HTML: the bodies open in their HTML view (the spec's textarea), the choice an
// admin who writes HTML makes once (rich-editor.test.ts walks the editor).
await browser.context.addInitScript(() => localStorage.setItem('admin.bodyView', 'html'))
t.teardown(() => browser.close())
const page = await browser.newPage()
const errors = collectPageErrors(page, { ignore: [/status of 401/] })
const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text })
const dialog = (name: string) => page.getByRole('dialog', { name })
const row = (title: string) => page.getByTestId('admin-row').filter({ hasText: title })
/** Tomorrow at `hhmm` as a datetime-local input takes it (read as Amsterdam time). */
const tomorrowAt = (hhmm: string) =>
  // (Code as text: tsx would wrap a function with helpers the page does not have.)
  page.evaluate<string>(`(() => {
    const d = new Date(Date.now() + 24 * 3600 * 1000)
    const pad = (n) => String(n).padStart(2, '0')
    return d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) + 'T${hhmm}'
  })()`)

/** Types each value into the field of that label. */
async function fill(form: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label).fill(value)
}
/** The moment `local` (YYYY-MM-DDTHH:mm) is in Amsterdam, by Intl (not by the code under test). */
function amsterdamIso(local: string): string {
  const wall = Date.parse(`${local}:00Z`)
  const fmt = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
  for (const hours of [1, 2]) {
    const at = wall - hours * 3_600_000
    if (fmt.format(at).replace(' ', 'T') === local) return new Date(at).toISOString()
  }
  throw new Error(`${local} is no Amsterdam time`)
}

/** A list row marked Scheduled at the `local` moment typed, stored and shown as Amsterdam time. */
async function expectScheduled(t: Test, r: Locator, local: string) {
  await r.getByTestId('scheduled-badge').waitFor()
  t.equal(await r.getByTestId('scheduled-badge').innerText(), 'Scheduled')
  t.equal(
    await r.getByTestId('scheduled-at').getAttribute('datetime'),
    amsterdamIso(local),
    'stored as that Amsterdam moment',
  )
  // The time typed is the time shown.
  t.match(
    await r.getByTestId('scheduled-at').innerText(),
    new RegExp(`${local.slice(-5)} CES?T`),
    'shown as typed, the zone named',
  )
}

t.test('sign in and write a post with a publish time: Scheduled, in Amsterdam time', async (t) => {
  await page.goto('/admin')
  const login = dialog('Admin Login')
  await login.getByLabel('Username').fill(USER)
  await login.getByLabel('Password').fill(PASSWORD)
  await login.getByRole('button', { name: 'Login', exact: true }).click()
  await login.waitFor({ state: 'hidden' })
  await page.getByRole('tab', { name: 'Blog', exact: true }).click()
  await page.getByRole('button', { name: 'New Blog Post' }).click()
  const editor = dialog('Create New Blog Post')
  const local = await tomorrowAt('09:30')
  await fill(editor, {
    'Dutch title': 'Gepland bericht',
    'English title': 'Scheduled post',
    Slug: 'gepland-bericht',
    'Dutch content': '<p>Eerste versie</p>',
    'Publish at': local,
  })
  await editor.getByRole('button', { name: 'Create Blog Post' }).click()
  await editor.waitFor({ state: 'hidden' })
  await expectScheduled(t, row('Gepland bericht'), local)
})

t.test('a preview link shows the draft to an anonymous browser until it is revoked', async (t) => {
  await row('Gepland bericht').getByRole('button', { name: /^Edit/ }).click()
  const editor = dialog('Edit Blog Post')
  const panel = editor.getByTestId('preview-panel')
  await panel.getByRole('button', { name: 'Create preview link' }).click()
  const input = panel.getByLabel('Preview link')
  await input.waitFor()
  const url = await input.inputValue()
  t.match(url, /\/preview\/blog\/[\w-]{48}$/)
  const visitor = await launchBrowser()
  t.teardown(() => visitor.close())
  const anon = await visitor.newPage()
  const path = new URL(url).pathname
  t.equal((await anon.goto(`${stack.url}${path}`))?.status(), 200)
  await anon.getByTestId('preview-bar').waitFor()
  t.equal(await anon.locator('h1').innerText(), 'Gepland bericht')
  t.equal((await anon.goto(`${stack.url}/blog/gepland-bericht`))?.status(), 404, 'the public URL is 404')
  await panel.getByRole('button', { name: 'Revoke all links' }).click()
  await toast('Preview links revoked').waitFor()
  t.equal((await anon.goto(`${stack.url}${path}`))?.status(), 404, 'revoked')
  await editor.getByRole('button', { name: 'Cancel' }).click()
  await editor.waitFor({ state: 'hidden' })
})

t.test('History shows what changed; Restore brings the earlier title back', async (t) => {
  await row('Gepland bericht').getByRole('button', { name: /^Edit/ }).click()
  const editor = dialog('Edit Blog Post')
  await editor.getByLabel('Dutch title').fill('Verkeerde titel')
  await editor.getByRole('button', { name: 'Update Blog Post' }).click()
  await editor.waitFor({ state: 'hidden' })
  await row('Verkeerde titel').getByRole('button', { name: 'History of Verkeerde titel' }).click()
  const history = dialog('History: Verkeerde titel')
  const items = history.getByTestId('history-item')
  await items.nth(1).waitFor()
  t.match(await items.nth(0).innerText(), /edited · editor-admin/)
  // In the admin's words, not field names (issue 49 #8).
  t.match(await items.nth(0).innerText(), /Changed: Dutch title/)
  t.notMatch(await items.nth(0).innerText(), /title_nl/)
  t.match(await items.nth(1).innerText(), /created[\s\S]*First version/)
  // The earlier version seen beside the current one before restoring it.
  await items
    .nth(1)
    .getByRole('button', { name: /^View the version of/ })
    .click()
  const version = items.nth(1).getByTestId('history-version')
  await version.getByRole('table').waitFor()
  const diff = await version.getByRole('row', { name: /Dutch title/ }).innerText()
  t.match(diff, /Gepland bericht[\s\S]*Verkeerde titel/, 'this version and the current title side by side')
  // A slow restore says what it is doing (held here until the text has been seen).
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  await page.route('**/revisions/*/restore', async (route) => {
    await held
    await route.continue()
  })
  await version.getByRole('button', { name: 'Restore this version' }).click()
  await history
    .getByTestId('history-status')
    .filter({ hasText: /Restoring the version of/ })
    .waitFor()
  release()
  await toast('Version restored').waitFor()
  await page.unroute('**/revisions/*/restore')
  // The row (and its dialog) now carries the restored title.
  const restored = dialog('History: Gepland bericht')
  await restored.getByTestId('history-item').filter({ hasText: 'restored' }).waitFor()
  await restored.getByRole('button', { name: 'Close' }).click()
  await restored.waitFor({ state: 'hidden' })
  await row('Gepland bericht').waitFor()
  t.equal(await row('Verkeerde titel').count(), 0, 'the earlier title is back')
})

t.test('a page with a publish time: Published off first, then Scheduled in Amsterdam time', async (t) => {
  await page.getByRole('tab', { name: 'Pages', exact: true }).click()
  await page.getByRole('button', { name: 'New Page' }).click()
  const editor = dialog('Create New Page')
  const local = await tomorrowAt('10:15')
  await fill(editor, {
    Slug: 'geplande-pagina',
    'Dutch title': 'Geplande pagina',
    'English title': 'Scheduled page',
    'Dutch content': '<p>Binnenkort</p>',
    'English content': '<p>Soon</p>',
    'Publish at': local,
  })
  // Pages are published by default, and a published page has no publish time: the form says so.
  await editor.getByRole('button', { name: 'Create Page' }).click()
  await editor.getByText('A published page cannot be scheduled').waitFor()
  await editor.getByRole('switch', { name: 'Published' }).click()
  await editor.getByRole('button', { name: 'Create Page' }).click()
  await toast('Page created').waitFor()
  await editor.waitFor({ state: 'hidden' })
  const r = row('Geplande pagina')
  await expectScheduled(t, r, local)
  // The editor shows the moment back as typed; clearing it ends the schedule.
  await r.getByRole('button', { name: /^Edit/ }).click()
  const edit = dialog('Edit Page')
  t.equal(await edit.getByLabel('Publish at').inputValue(), local)
  await edit.getByLabel('Publish at').fill('')
  await edit.getByRole('button', { name: 'Update Page' }).click()
  await toast('Page updated').waitFor()
  await edit.waitFor({ state: 'hidden' })
  await r.getByTestId('scheduled-badge').waitFor({ state: 'detached' })
  t.equal(await r.getByTestId('scheduled-at').count(), 0, 'no longer scheduled')
  // History reads the clearing as clearing the schedule, not as setting one (issue 49 #8).
  await r.getByRole('button', { name: 'History of Geplande pagina' }).click()
  const history = dialog('History: Geplande pagina')
  const latest = history.getByTestId('history-item').first()
  await latest.waitFor()
  const entry = await latest.innerText()
  t.match(entry, /schedule cleared/, 'the latest entry says the schedule was cleared')
  t.notMatch(entry, /\bscheduled\b/, 'not that one was set')
  await history.getByRole('button', { name: 'Close' }).click()
  await history.waitFor({ state: 'hidden' })
})

t.test('the Audit log lists every action of the walk, and filters', async (t) => {
  await page.getByRole('tab', { name: 'Audit log', exact: true }).click()
  const expected = [
    /account sign-in/,
    /post create/,
    /post preview\b/,
    /post preview-revoke/,
    /post update/,
    /post restore/,
    /page create/,
    /page unschedule/,
  ]
  const table = page.getByTestId('audit-table')
  let text = ''
  // The trail reads the change stream: give it a moment, asking again as an admin would.
  for (let i = 0; i < 40; i++) {
    await page.getByRole('button', { name: 'Filter' }).click()
    await table.waitFor()
    text = await table.innerText()
    if (expected.every((re) => re.test(text))) break
    await page.waitForTimeout(250)
  }
  for (const re of expected) t.match(text, re, `listed: ${re.source}`)
  t.match(text, /editor-admin/)
  await page.getByLabel('Action').selectOption('restore')
  await page.getByRole('button', { name: 'Filter' }).click()
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="audit-entry"]').length === 1)
  t.match(await page.getByTestId('audit-entry').innerText(), /post restore/)
  t.same(errors, [], 'no page errors')
})

t.test('the site content’s History: Restore shows the restored text in the form', async (t) => {
  await page.getByRole('tab', { name: 'Content', exact: true }).click()
  const title = page.locator('#content-title_nl')
  await title.waitFor()
  const original = await title.inputValue()
  t.not(original, '', 'the seeded title')
  const openHistory = async () => {
    await page.getByRole('button', { name: 'History of Content' }).click()
    return dialog('History: Content')
  }
  const close = async (history: ReturnType<typeof dialog>) => {
    await history.getByRole('button', { name: 'Close' }).click()
    await history.waitFor({ state: 'hidden' })
  }
  // A look before any save: nothing kept yet.
  let history = await openHistory()
  await history.getByText('No saved versions yet.').waitFor()
  await close(history)

  await title.fill('Verkeerde kop')
  await page.getByRole('button', { name: 'Save content' }).click()
  await toast('Content saved successfully!').waitFor()
  // Opened again, the history lists that save (not the list read at the first look).
  history = await openHistory()
  const items = history.getByTestId('history-item')
  await items.nth(1).waitFor()
  t.match(await items.nth(0).innerText(), /edited · editor-admin/)
  t.match(await items.nth(0).innerText(), /Changed: Dutch title/)
  t.match(await items.nth(1).innerText(), /before the history began/)
  await items
    .nth(1)
    .getByRole('button', { name: /^Restore/ })
    .click()
  await toast('Version restored').waitFor()
  await history.getByTestId('history-item').filter({ hasText: 'restored' }).waitFor()
  await close(history)
  t.equal(await title.inputValue(), original, 'the form shows the restored title')

  // Typed but not saved: the restore replaces what was typed (the dialog says so).
  await title.fill('Getypt maar niet bewaard')
  history = await openHistory()
  await history.getByText('Restoring replaces the unsaved changes in the form.').waitFor()
  await history
    .getByTestId('history-item')
    .filter({ hasText: 'edited' })
    .getByRole('button', { name: /^Restore/ })
    .click()
  await toast('Version restored').waitFor()
  await close(history)
  t.equal(await title.inputValue(), 'Verkeerde kop', 'the form shows the restored version, not the typing')
  t.equal(await page.getByText('Unsaved changes').count(), 0, 'and nothing is left unsaved')
  await page.reload()
  await page.getByRole('tab', { name: 'Content', exact: true }).click()
  await title.waitFor()
  t.equal(await title.inputValue(), 'Verkeerde kop', 'it is what was saved')
  t.same(errors, [], 'no page errors')
})
