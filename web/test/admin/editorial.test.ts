// The editorial tools as an admin uses them (docs/editorial.md), in Chromium against the stack:
// a post written with a publish time shows as Scheduled with that time in the admin's zone; its
// preview link, opened by an anonymous browser, shows the draft under the Preview bar until it is
// revoked; an edit shows in the post's History with what changed, and Restore brings the earlier
// title back; the Audit log lists every action of the walk, and its filters narrow it.
import t from 'tap'
import { collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'

const USER = 'editor-admin'
const PASSWORD = 'editor-test-password-1'
const stack = await startStack({ only: ['auth', 'content', 'blog', 'blog-worker', 'web', 'gateway'] })
t.teardown(() => stack.stop())
await seedAdmin(stack, USER, PASSWORD)
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())
const page = await browser.newPage()
const errors = collectPageErrors(page, { ignore: [/status of 401/] })
const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text })
const dialog = (name: string) => page.getByRole('dialog', { name })
const row = (title: string) => page.getByTestId('admin-row').filter({ hasText: title })

t.test('sign in and write a post with a publish time: Scheduled, in the admin’s zone', async (t) => {
  await page.goto('/admin')
  const login = dialog('Admin Login')
  await login.getByLabel('Username').fill(USER)
  await login.getByLabel('Password').fill(PASSWORD)
  await login.getByRole('button', { name: 'Login', exact: true }).click()
  await login.waitFor({ state: 'hidden' })
  await page.getByRole('tab', { name: 'Blog', exact: true }).click()
  await page.getByRole('button', { name: 'New Blog Post' }).click()
  const editor = dialog('Create New Blog Post')
  await editor.getByLabel('Dutch title').fill('Gepland bericht')
  await editor.getByLabel('English title').fill('Scheduled post')
  await editor.getByLabel('Slug').fill('gepland-bericht')
  await editor.getByLabel('Dutch content').fill('<p>Eerste versie</p>')
  // Tomorrow at 09:30, the admin's local time.
  // (Code as text: tsx would wrap a function with helpers the page does not have.)
  const local = await page.evaluate<string>(`(() => {
    const d = new Date(Date.now() + 24 * 3600 * 1000)
    const pad = (n) => String(n).padStart(2, '0')
    return d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) + 'T09:30'
  })()`)
  await editor.getByLabel('Publish at').fill(local)
  await editor.getByRole('button', { name: 'Create Blog Post' }).click()
  await editor.waitFor({ state: 'hidden' })
  const r = row('Gepland bericht')
  await r.getByTestId('scheduled-badge').waitFor()
  t.equal(await r.getByTestId('scheduled-badge').innerText(), 'Scheduled')
  const iso = await r.getByTestId('scheduled-at').getAttribute('datetime')
  t.equal(
    iso,
    await page.evaluate<string>(`new Date(${JSON.stringify(local)}).toISOString()`),
    'stored as that local moment',
  )
  // The browser's zone is the admin's: the time typed is the time shown.
  t.match(await r.getByTestId('scheduled-at').innerText(), /9:30/, 'shown in the admin’s zone')
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
  t.match(await items.nth(0).innerText(), /Changed: title_nl/)
  t.match(await items.nth(1).innerText(), /created/)
  await items
    .nth(1)
    .getByRole('button', { name: /^Restore/ })
    .click()
  await toast('Version restored').waitFor()
  // The row (and its dialog) now carries the restored title.
  const restored = dialog('History: Gepland bericht')
  await restored.getByTestId('history-item').filter({ hasText: 'restored' }).waitFor()
  await restored.getByRole('button', { name: 'Close' }).click()
  await restored.waitFor({ state: 'hidden' })
  await row('Gepland bericht').waitFor()
  t.equal(await row('Verkeerde titel').count(), 0, 'the earlier title is back')
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
