// @tier stack
// The admin's imports (Blog tab, docs/web.md "Admin: imports") in a real browser against the real
// stack: an upload whose dialog is closed before the end is followed there to its post; the
// editor's import closed early keeps its draft and shows up there too; a failed import shows its
// error and a Retry that runs it again. The fake model holds the body's translation while a test
// looks at a running import, so every state is waited for, never slept through.
import t from 'tap'
import type { Page } from 'playwright-core'
import { startFakeOpenAI } from '@site/service-kit/testing'
import { axeViolations, collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'

let gate: { release: () => void; go: Promise<void> } | null = null
let reached: (() => void) | null = null
/** The next body translation waits until `release()`; `reached` resolves once an import waits on it. */
function holdModel() {
  let release!: () => void
  const go = new Promise<void>((r) => (release = r))
  const at = new Promise<void>((r) => (reached = r))
  gate = { release, go }
  return {
    reached: at,
    release() {
      gate = null
      release()
    },
  }
}
const fake = await startFakeOpenAI(async (body) => {
  const user = body.messages?.filter((m) => m.role === 'user').at(0)?.content ?? ''
  const payload = user.slice(user.indexOf('\n\n') + 2)
  if (user.startsWith('Translate the title and the excerpt')) {
    const meta = JSON.parse(payload) as { title: string; excerpt: string }
    return { content: JSON.stringify({ title: `${meta.title} (EN)`, excerpt: meta.excerpt }) }
  }
  if (user.startsWith('Translate the text of this HTML fragment')) {
    if (gate) {
      reached?.()
      await gate.go
    }
    return { content: JSON.stringify({ html: payload }) }
  }
  if (user.startsWith('Give 3 to 6 short topic tags'))
    return { content: JSON.stringify({ tags: ['imports'] }) }
  return { content: '{}' }
})
t.teardown(async () => {
  gate?.release()
  await fake.close()
})
const stack = await startStack({
  env: {
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_API_KEY: 'test-key',
    OPENAI_MODEL: 'fake-model',
    // The upload answers 202 at once: the dialogs follow the job (the path of a slow import).
    BLOG_UPLOAD_WAIT_MS: '1',
  },
})
t.teardown(() => stack.stop())
await seedAdmin(stack, 'imports-admin', 'imports-admin-password-1')
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())
const page = await browser.newPage()
const errors = collectPageErrors(page, { ignore: [/status of 401/] })

const toast = (p: Page, title: string, text?: string) =>
  p
    .getByTestId('toast')
    .filter({ hasText: title })
    .filter({ hasText: text ?? title })
const imports = page.getByTestId('admin-imports-list')
const importRow = (file: string) => imports.getByTestId('admin-import').filter({ hasText: file })

t.test('sign in', async () => {
  await page.goto('/admin')
  const login = page.getByRole('dialog', { name: 'Admin Login' })
  await login.getByLabel('Username').fill('imports-admin')
  await login.getByLabel('Password').fill('imports-admin-password-1')
  await login.getByRole('button', { name: 'Login', exact: true }).click()
  await login.waitFor({ state: 'hidden' })
  await page.getByRole('tab', { name: 'Blog', exact: true }).waitFor()
  await page.evaluate(() => localStorage.setItem('language', 'en'))
})

t.test('Upload Blog closed before the end: followed under Admin → Blog → Imports to its post', async (t) => {
  const model = holdModel()
  await page.goto('/en/blog')
  await page.getByRole('button', { name: 'Upload Blog' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload Blog' })
  const md = '# Imports die u kunt volgen\n\nEen import gaat door als het venster sluit.\n'
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'follow.md', mimeType: 'text/markdown', buffer: Buffer.from(md) })
  await dialog.getByRole('switch', { name: 'Publish immediately' }).click()
  await dialog.getByRole('button', { name: 'Create Blog' }).click()
  await dialog.getByText('You can close this dialog: the import continues.').waitFor()
  await model.reached

  // The dialog's link closes it and opens the Blog tab at its imports.
  await dialog.getByRole('link', { name: 'Follow it under Admin → Blog → Imports' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await toast(page, 'The import continues', 'Admin → Blog → Imports').waitFor()
  await page.waitForURL(/\/admin\?tab=blog#admin-imports$/)
  t.equal(
    await page.getByRole('tab', { name: 'Blog', exact: true }).getAttribute('aria-selected'),
    'true',
    'the Blog tab is open',
  )
  const row = importRow('follow.md')
  await row.getByText(/^translating: \d+%$/).waitFor()
  t.equal(await row.getAttribute('data-state'), 'active')
  t.ok(await row.getByText('Running', { exact: true }).isVisible(), 'Running badge')
  t.ok(await row.getByText('by imports-admin').isVisible(), 'who started it')
  t.ok(await row.locator('time').isVisible(), 'when')
  t.equal(await row.getByRole('button', { name: /^Retry/ }).count(), 0, 'no Retry while it runs')
  t.same(await axeViolations(page), [], 'axe: a running import')

  // Released, the list follows it by itself to its end and links the post.
  model.release()
  const open = row.getByRole('button', { name: 'Open post: Imports die u kunt volgen' })
  await open.waitFor()
  t.equal(await row.getAttribute('data-state'), 'completed')
  t.ok(await row.getByText('Done', { exact: true }).isVisible(), 'Done badge')
  const view = row.getByRole('link', { name: 'View on the site' })
  t.equal(
    await view.getAttribute('href'),
    '/blog/imports-die-u-kunt-volgen',
    'the published post on the site',
  )
  t.equal((await fetch(stack.url + '/blog/imports-die-u-kunt-volgen')).status, 200, 'and it is there')
  await page
    .getByTestId('admin-blog-list')
    .getByRole('listitem')
    .filter({ hasText: 'Imports die u kunt volgen' })
    .waitFor()
  await open.click()
  const editor = page.getByRole('dialog', { name: 'Edit Blog Post' })
  t.equal(
    await editor.getByLabel('Dutch title').inputValue(),
    'Imports die u kunt volgen',
    'opens in the editor',
  )
  await editor.getByRole('button', { name: 'Cancel', exact: true }).click()
  await editor.waitFor({ state: 'hidden' })
})

t.test("the editor's import closed early keeps its draft, listed under Imports", async (t) => {
  const model = holdModel()
  await page.getByRole('button', { name: 'New Blog Post' }).click()
  const editor = page.getByRole('dialog', { name: 'Create New Blog Post' })
  const md = '# Concept uit het bestand\n\nDeze import loopt door na het sluiten.\n'
  await editor
    .locator('#post-file')
    .setInputFiles({ name: 'concept.md', mimeType: 'text/markdown', buffer: Buffer.from(md) })
  await editor.getByText(/the import continues and its draft is listed under Imports/).waitFor()
  await model.reached
  await page.keyboard.press('Escape')
  await editor.waitFor({ state: 'hidden' })
  await toast(page, 'The import continues', 'saved as a draft').waitFor()
  const row = importRow('concept.md')
  await row.getByText(/^translating: \d+%$/).waitFor()
  model.release()
  await row.getByRole('button', { name: 'Open post: Concept uit het bestand' }).waitFor()
  t.equal(await row.getByRole('link', { name: 'View on the site' }).count(), 0, 'a draft is not on the site')
  const draft = page
    .getByTestId('admin-blog-list')
    .getByRole('listitem')
    .filter({ hasText: 'Concept uit het bestand' })
  await draft.getByText('Draft', { exact: true }).waitFor()
  t.pass('the draft stays')
})

t.test('a failed import shows its error and a Retry that runs it again', async (t) => {
  // Code in front matter is refused by the import (never run): a failure the file itself causes.
  const cookie = (await browser.context.cookies(stack.url)).find((c) => c.name === 'sid')!
  const form = new FormData()
  form.append('file', new Blob(['---js\nmodule.exports = { title: "x" }\n---\n# Kapot\n']), 'kapot.md')
  const res = await fetch(stack.url + '/api/blog/upload', {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: `sid=${cookie.value}` },
    body: form,
  })
  t.ok([202, 422].includes(res.status), `upload answered ${res.status}`)

  // Started elsewhere: the list shows it when the tab is opened again (no polling while nothing runs here).
  await page.getByRole('tab', { name: 'Content', exact: true }).click()
  await page.getByRole('tab', { name: 'Blog', exact: true }).click()
  const row = importRow('kapot.md')
  await row.and(page.locator('[data-state="failed"]')).waitFor()
  const error = 'Front matter with code is not accepted; use YAML front matter.'
  t.ok(await row.getByText(error).isVisible(), 'the error in the admin’s terms')
  t.ok(await row.getByText('Failed', { exact: true }).isVisible(), 'Failed badge')
  t.same(await axeViolations(page), [], 'axe: a failed import')

  // Every state the row shows from the click on: the queued one may last only until the next poll
  // (a second), too short to be sure a check sees it on a loaded machine.
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  await page.evaluate(`{
    const seen = (window.importStates = [])
    const note = () => {
      for (const el of document.querySelectorAll('[data-testid="admin-import"]'))
        if (el.textContent.includes('kapot.md') && el.dataset.state !== seen.at(-1)) seen.push(el.dataset.state)
    }
    note()
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true })
  }`)
  const retried = page.waitForResponse((r) => /\/api\/blog\/imports\/[^/]+\/retry$/.test(r.url()))
  await row.getByRole('button', { name: 'Retry kapot.md' }).click()
  t.equal((await retried).status(), 202, 'Retry accepted')
  await toast(page, 'Import restarted', '"kapot.md" is being imported again.').waitFor()
  // Queued again (the retry's answer is shown at once), then, the file being what it is, the same failure.
  await row.and(page.locator('[data-state="failed"]')).getByText(error).waitFor()
  const states = await page.evaluate(() => (window as unknown as { importStates: string[] }).importStates)
  t.same(states.slice(0, 2), ['failed', 'waiting'], `shown queued after the click (${states.join(' → ')})`)
  t.equal(states.at(-1), 'failed', 'then failed again')
  t.same(errors, [], 'no page errors')
})
