// @tier stack
// Unsaved work is safe in /admin, in a real browser against the real stack: a dialog with edits
// asks before it closes (Escape, Cancel, the close button), an unchanged or saved one closes at once;
// the content form asks before a link leaves the dashboard and arms the browser's reload/close
// warning; a delete asks in an alert dialog that an outside click does not dismiss; the public
// Add Project dialog asks the same way.
import t from 'tap'
import { collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'

const USER = 'admin'
const PASSWORD = 'admin-test-password-1'

const stack = await startStack()
t.teardown(() => stack.stop())
await seedAdmin(stack, USER, PASSWORD)
const browser = await launchBrowser({ baseURL: stack.url })
// These walks type HTML: the bodies open in their HTML view (the spec's textarea), the choice an
// admin who writes HTML makes once (rich-editor.test.ts walks the editor).
await browser.context.addInitScript(() => localStorage.setItem('admin.bodyView', 'html'))
t.teardown(() => browser.close())

const page = await browser.newPage()
// 401: the current-user read while signed out.
const errors = collectPageErrors(page, { ignore: [/status of 401/] })

const dialog = (name: string) => page.getByRole('dialog', { name })
const alert = (name: string) => page.getByRole('alertdialog', { name })
const discard = alert('Discard unsaved changes?')
const pageRow = (text: string) =>
  page.getByTestId('admin-pages-list').getByRole('listitem').filter({ hasText: text })
/**
 * Whether a reload or closing the tab would now get the browser's "Leave site?" question. Waits up
 * to 3 s for the expected answer: React runs the effects that arm and disarm it after painting.
 */
const ask = () => {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}
async function warnsOnUnload(expected: boolean) {
  await page
    .waitForFunction(`(${ask.toString()})() === ${expected}`, undefined, { timeout: 3000 })
    .catch(() => {})
  return page.evaluate(ask)
}

t.before(async () => {
  await page.goto('/admin')
  const login = dialog('Admin Login')
  await login.getByLabel('Username').fill(USER)
  await login.getByLabel('Password').fill(PASSWORD)
  await login.getByRole('button', { name: 'Login', exact: true }).click()
  await login.waitFor({ state: 'hidden' })
  await page.getByRole('tab', { name: 'Content', exact: true }).waitFor()
})

// Radix dialogs take the focus (and listen for Escape) a moment after they appear; a person's
// key press comes after that, so the tests wait for it too.
const focusInDialog = () =>
  page.waitForFunction(() => document.activeElement?.closest('[role=dialog],[role=alertdialog]') !== null)

t.test('a dialog with edits asks before closing; unchanged or saved it closes at once', async (t) => {
  await page.getByRole('tab', { name: 'Pages', exact: true }).click()
  const create = page.getByRole('button', { name: 'New Page' })
  const d = dialog('Create New Page')

  await create.click()
  await d.waitFor()
  await focusInDialog()
  await page.keyboard.press('Escape')
  await d.waitFor({ state: 'hidden' })
  t.equal(await discard.count(), 0, 'unchanged: Escape closes without asking')

  await create.click()
  await d.getByLabel('Dutch title').fill('Halve gedachte')
  t.ok(await warnsOnUnload(true), 'an edited dialog arms the reload warning')
  await page.keyboard.press('Escape')
  await discard.waitFor()
  t.ok(await d.isVisible(), 'Escape with edits: the form stays behind the question')
  t.equal(
    await page.evaluate(() => document.activeElement?.textContent),
    'Keep editing',
    'focus on the safe answer',
  )
  await discard.getByRole('button', { name: 'Keep editing' }).click()
  await discard.waitFor({ state: 'hidden' })
  t.equal(
    await d.getByLabel('Dutch title').inputValue(),
    'Halve gedachte',
    'keep editing: the text is still there',
  )

  await d.getByRole('button', { name: 'Cancel', exact: true }).click()
  await discard.waitFor()
  // As a person would: the question has taken the focus and been drawn before the key. Radix moves
  // the focus in a child's effect and adds its Escape handler in the parent's; two frames later
  // both have run (a clean-clone CI run under load once pressed Escape between them).
  await page.waitForFunction(() => document.activeElement?.textContent === 'Keep editing')
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  )
  await page.keyboard.press('Escape')
  await discard.waitFor({ state: 'hidden' })
  t.ok(await d.isVisible(), 'Escape on the question keeps editing')

  await d.getByRole('button', { name: 'Close' }).click()
  await discard.getByRole('button', { name: 'Discard changes' }).click()
  await d.waitFor({ state: 'hidden' })
  t.notOk(await warnsOnUnload(false), 'discarded: no reload warning')
  await create.click()
  t.equal(await d.getByLabel('Dutch title').inputValue(), '', 'discarded: the dialog opens empty')

  await d.getByLabel('Slug').fill('bewaard')
  await d.getByLabel('Dutch title').fill('Bewaard')
  await d.getByLabel('English title').fill('Saved')
  await d.getByLabel('Dutch content').fill('<p>Bewaard</p>')
  await d.getByLabel('English content').fill('<p>Saved</p>')
  await d.getByRole('button', { name: 'Create Page' }).click()
  await d.waitFor({ state: 'hidden' })
  t.equal(await discard.count(), 0, 'saving closes without asking')
  t.notOk(await warnsOnUnload(false), 'saved: no reload warning')
  await pageRow('Bewaard').waitFor()
})

t.test('a delete asks in an alert dialog; an outside click does not dismiss it', async (t) => {
  const confirm = alert('Are you sure?')
  const ask = () =>
    pageRow('Bewaard')
      .getByRole('button', { name: /^Delete / })
      .click()

  await ask()
  await confirm.getByText('"Bewaard" will be deleted').waitFor()
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel', 'focus on Cancel')
  await page.mouse.click(5, 5)
  await page.waitForTimeout(300)
  t.ok(await confirm.isVisible(), 'an outside click leaves it open')
  await page.keyboard.press('Escape')
  await confirm.waitFor({ state: 'hidden' })
  t.equal(await pageRow('Bewaard').count(), 1, 'Escape cancels: the page is still there')

  await ask()
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await confirm.waitFor({ state: 'hidden' })
  await pageRow('Bewaard').waitFor({ state: 'detached' })
  const sid = (await browser.context.cookies(stack.url)).find((c) => c.name === 'sid')
  const res = await fetch(`${stack.url}/api/pages?pageSize=50`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: `sid=${sid?.value}` },
  })
  const { items } = (await res.json()) as { items: { slug: string }[] }
  t.notOk(
    items.some((p) => p.slug === 'bewaard'),
    'deleted on the server',
  )
})

t.test('the content form asks before a link leaves the dashboard', async (t) => {
  await page.getByRole('tab', { name: 'Content', exact: true }).click()
  const title = page.locator('#content-title_nl')
  await title.waitFor()
  t.notOk(await warnsOnUnload(false), 'unchanged: no reload warning')
  const leave = () =>
    page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Admin Dashboard' })
      .click()

  await title.fill('Nog niet bewaard')
  t.ok(await warnsOnUnload(true), 'edited: a reload or closing the tab warns')
  await leave()
  await discard.waitFor()
  t.equal(new URL(page.url()).pathname, '/admin', 'still on /admin while asking')
  await discard.getByRole('button', { name: 'Keep editing' }).click()
  await discard.waitFor({ state: 'hidden' })
  t.equal(new URL(page.url()).pathname, '/admin', 'keep editing: stays on /admin')
  t.equal(await title.inputValue(), 'Nog niet bewaard', 'with the text')

  await leave()
  await discard.getByRole('button', { name: 'Discard changes' }).click()
  // The edits are given up at the click, not when the dashboard unmounts: no warning even while
  // the home page is still loading (the dashboard can stay mounted, hidden, until it has rendered).
  t.notOk(await page.evaluate(ask), 'discarded: no reload warning, at once')
  await page.waitForURL((url) => url.pathname === '/')
  // A CSS locator sees hidden elements too: detached means the dashboard is really gone.
  await page.locator('nav.breadcrumb').waitFor({ state: 'detached', timeout: 30_000 })
  t.notOk(await warnsOnUnload(false), 'left: no reload warning')
})

t.test(
  'the public Add Project dialog asks too (in the site language), and discarding empties it',
  async (t) => {
    await page.goto('/projects')
    const add = page.getByRole('button', { name: 'Project toevoegen' })
    const d = dialog('Project toevoegen')
    const question = alert('Wijzigingen niet opslaan?')
    await add.click()
    await d.getByLabel('Titel').fill('Half idee')
    await page.keyboard.press('Escape')
    await question.waitFor()
    // Behind the question the dialog is aria-hidden: find its form by test id.
    t.equal(
      await page.getByTestId('add-project-form').getByLabel('Titel').inputValue(),
      'Half idee',
      'the form keeps its text behind the question',
    )
    await question.getByRole('button', { name: 'Wijzigingen weggooien' }).click()
    await d.waitFor({ state: 'hidden' })
    await add.click()
    t.equal(await d.getByLabel('Titel').inputValue(), '', 'discarded: the dialog opens empty')
    await focusInDialog()
    await page.keyboard.press('Escape')
    await d.waitFor({ state: 'hidden' })
    t.equal(await question.count(), 0, 'unchanged: Escape closes without asking')
  },
)

t.test('no page errors', async (t) => {
  t.same(errors, [])
})
