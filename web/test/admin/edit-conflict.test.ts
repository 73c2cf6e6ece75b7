// @tier stack
// Issue 45: two people editing the same post in Chromium. Both open it; the second saves first;
// the first one's save is refused (412) and the dialog says so, names the field the other save
// changed and offers Reload or Overwrite: Reload shows their title, Overwrite saves mine over it.
import t from 'tap'
import type { Page } from 'playwright-core'
import { collectPageErrors, launchBrowser, signInToAdmin } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'

const USER = 'conflict-admin'
const PASSWORD = 'conflict-test-password-1'
// contact: the admin's Blog tab reads each post's views from it (analytics, issue 48).
const stack = await startStack({ only: ['auth', 'content', 'blog', 'web', 'contact', 'gateway'] })
t.teardown(() => stack.stop())
await seedAdmin(stack, USER, PASSWORD)

async function signedIn() {
  const browser = await launchBrowser({ baseURL: stack.url })
  t.teardown(() => browser.close())
  const page = await browser.newPage()
  await signInToAdmin(page, USER, PASSWORD)
  await page.getByRole('tab', { name: 'Blog', exact: true }).click()
  return page
}
const row = (page: Page, title: string) => page.getByTestId('admin-row').filter({ hasText: title })
async function openPost(page: Page, title: string) {
  await row(page, title).getByRole('button', { name: /^Edit/ }).click()
  const editor = page.getByRole('dialog', { name: 'Edit Blog Post' })
  await editor.getByLabel('Dutch title').waitFor()
  return editor
}

const mine = await signedIn()
const errors = collectPageErrors(mine, { ignore: [/status of 401/, /status of 412/] })
await mine.getByRole('button', { name: 'New Blog Post' }).click()
const create = mine.getByRole('dialog', { name: 'Create New Blog Post' })
await create.getByLabel('Dutch title').fill('Samen bewerkt')
await create.getByLabel('English title').fill('Edited together')
await create.getByLabel('Dutch content').fill('<p>Tekst</p>')
await create.getByRole('button', { name: 'Create Blog Post' }).click()
await create.waitFor({ state: 'hidden' })

t.test('the later save is refused and explained; Reload and Overwrite both work', async (t) => {
  const editor = await openPost(mine, 'Samen bewerkt')
  const theirs = await signedIn()
  const other = await openPost(theirs, 'Samen bewerkt')
  await other.getByLabel('English title').fill('Their English title')
  await other.getByRole('button', { name: 'Update Blog Post' }).click()
  await other.waitFor({ state: 'hidden' })

  await editor.getByLabel('Dutch title').fill('Mijn titel')
  await editor.getByRole('button', { name: 'Update Blog Post' }).click()
  const note = editor.getByTestId('edit-conflict')
  await note.waitFor()
  t.match(await note.innerText(), /Someone else saved this in the meantime/)
  t.match(await note.innerText(), /They changed: English title/, 'names what the other save changed')
  t.equal(await editor.getByLabel('Dutch title').inputValue(), 'Mijn titel', 'my typing is still there')

  await note.getByRole('button', { name: 'Reload their version' }).click()
  t.equal(await editor.getByLabel('English title').inputValue(), 'Their English title', 'reloaded')
  t.equal(await editor.getByLabel('Dutch title').inputValue(), 'Samen bewerkt')

  // They save once more; I overwrite knowingly.
  const again = await openPost(theirs, 'Samen bewerkt')
  await again.getByLabel('Dutch title').fill('Hun titel')
  await again.getByRole('button', { name: 'Update Blog Post' }).click()
  await again.waitFor({ state: 'hidden' })
  await editor.getByLabel('Dutch title').fill('Mijn titel')
  await editor.getByRole('button', { name: 'Update Blog Post' }).click()
  await note.waitFor()
  t.match(await note.innerText(), /They changed: Dutch title/)
  await note.getByRole('button', { name: 'Overwrite with mine' }).click()
  await editor.waitFor({ state: 'hidden' })
  await row(mine, 'Mijn titel').waitFor()
  t.pass('my version is saved over theirs')
  t.same(errors, [])
})
