// @tier stack
// The signed-in side of the public site in a real browser against the real stack: login through
// the dialog → Edit and Logout; the Upload Blog dialog (refused type, a .md file with overrides,
// upload progress / job stage, the post appears on /blog); Add Project and delete on /projects;
// logout → Login again and the admin controls are gone; axe-core on the dialogs.
import t from 'tap'
import type { Page } from 'playwright-core'
import { axeViolations, collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'

const stack = await startStack()
t.teardown(() => stack.stop())
await seedAdmin(stack, 'web-admin', 'web-admin-password-1')
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())

const toast = (page: Page, title: string, description?: string) =>
  page
    .getByTestId('toast')
    .filter({ hasText: title })
    .filter({ hasText: description ?? title })
    .waitFor()
const bar = (page: Page) => page.locator('header.topbar')

const page = await browser.newPage()
const errors = collectPageErrors(page, { ignore: [/status of 401/] })
t.teardown(() => page.close())

t.test('login through the dialog shows Edit and Logout', async (t) => {
  await page.goto('/')
  await page.evaluate(() => localStorage.setItem('language', 'en'))
  await page.reload()
  await bar(page).getByRole('button', { name: 'Login', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Admin Login' })
  await dialog.getByLabel('Username').fill('web-admin')
  await dialog.getByLabel('Password').fill('wrong-password-123')
  await dialog.getByRole('button', { name: 'Login', exact: true }).click()
  await toast(page, 'Login failed')
  await dialog.getByLabel('Password').fill('web-admin-password-1')
  await dialog.getByRole('button', { name: 'Login', exact: true }).click()
  await toast(page, 'Login successful', 'Welcome back!')
  await dialog.waitFor({ state: 'hidden' })
  await bar(page).getByRole('link', { name: 'Edit', exact: true }).waitFor()
  await bar(page).getByRole('button', { name: 'Logout', exact: true }).waitFor()
  t.equal(
    await bar(page).getByRole('link', { name: 'Edit', exact: true }).getAttribute('href'),
    '/admin',
    'Edit leads to /admin',
  )
})

t.test('Upload Blog: a refused type, then a .md file becomes a post on /blog', async (t) => {
  await page.goto('/blog')
  await page.getByTestId('blog-empty').getByText('No blog posts yet').waitFor()
  await page.getByRole('button', { name: 'Upload Blog' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload Blog' })
  const input = page.getByTestId('upload-input')
  await input.setInputFiles({
    name: 'slides.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  })
  await toast(page, 'Invalid file type', 'Only .txt, .md and .docx files are allowed.')
  t.equal(
    await dialog.getByRole('button', { name: 'Create Blog' }).isDisabled(),
    true,
    'no file: Create Blog disabled',
  )

  const md = [
    '# Automating invoices with AI',
    '',
    'We automated invoice handling for a client.',
    '',
    '## Result',
    '',
    'Hours saved every week.',
  ].join('\n')
  await input.setInputFiles({ name: 'invoices.md', mimeType: 'text/markdown', buffer: Buffer.from(md) })
  await dialog.getByTestId('upload-file').getByText('invoices.md').waitFor()
  await dialog.getByText(/^0\.00 MB$/).waitFor()
  await dialog.getByLabel('English title').fill('Automating invoices with AI')
  await dialog.getByPlaceholder('Auto-generated if empty').first().waitFor()
  await dialog.getByLabel('Tags (comma-separated)').fill('automation, business')
  await dialog.getByRole('switch', { name: 'Publish immediately' }).click()
  t.same(await axeViolations(page), [], 'axe: upload dialog with a file')
  await dialog.getByRole('button', { name: 'Create Blog' }).click()
  await toast(page, 'Blog created', 'Automating invoices with AI')
  await dialog.waitFor({ state: 'hidden' })
  const card = page.getByTestId('blog-card').filter({ hasText: 'Automating invoices with AI' })
  await card.waitFor()
  t.match(await card.locator('img').getAttribute('src'), /^\/images\/tags\//, 'a tag fallback image')
  await card.getByRole('link', { name: /Read more/ }).click()
  await page.locator('h1.blog-post__title', { hasText: 'Automating invoices with AI' }).waitFor()
  t.pass('the uploaded post opens')
})

t.test('Add Project and delete it', async (t) => {
  await page.goto('/projects')
  await page.getByTestId('projects-empty').waitFor()
  await page.getByRole('button', { name: 'Add Project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Project' })
  await dialog.getByRole('button', { name: 'Add Project' }).click()
  await dialog.getByText('Title and description are required.').waitFor()
  await dialog.getByLabel('Title').fill('Lead scoring bot')
  await dialog.getByLabel('Description').fill('Scores incoming leads and books calls.')
  await dialog.getByLabel('Link URL (optional)').fill('https://example.org/')
  t.same(await axeViolations(page), [], 'axe: add project dialog')
  await dialog.getByRole('button', { name: 'Add Project' }).click()
  await toast(page, 'Project added successfully!')
  await dialog.waitFor({ state: 'hidden' })
  const card = page.getByTestId('project-card').filter({ hasText: 'Lead scoring bot' })
  await card.waitFor()
  t.match(await card.locator('img').getAttribute('src'), /defaults\/project/, 'default project image')
  t.same(await axeViolations(page), [], 'axe: /projects signed in')
  await card.getByRole('button', { name: 'Delete project "Lead scoring bot"' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete project?' })
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await toast(page, 'Project deleted!')
  await card.waitFor({ state: 'detached' })
  await page.getByTestId('projects-empty').waitFor()
})

t.test('logout signs out and hides the admin controls', async (t) => {
  await bar(page).getByRole('button', { name: 'Logout', exact: true }).click()
  await toast(page, 'Logged out', 'You have been logged out successfully')
  await bar(page).getByRole('button', { name: 'Login', exact: true }).waitFor()
  t.equal(
    await page.getByRole('button', { name: 'Add Project' }).count(),
    0,
    'no Add Project when signed out',
  )
  await page.goto('/blog')
  await page.getByTestId('blog-card').first().waitFor()
  t.equal(
    await page.getByRole('button', { name: 'Upload Blog' }).count(),
    0,
    'no Upload Blog when signed out',
  )
  t.same(errors, [], 'no page or console errors')
})
