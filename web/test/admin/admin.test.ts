// @tier stack
// The /admin dashboard in a real browser against the real stack (services, workers, gateway, web
// from their dist builds; a fake OpenAI-compatible server for the blog's translations):
// the route guard, login, each tab with its dialogs and writes, the exact texts of spec §2/§5/§8,
// and axe-core (no serious or critical violation) on every tab.
import t, { type Test } from 'tap'
import type { Locator } from 'playwright-core'
import { axeViolations, collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'
import { makePng, startFakeLlm } from './fixtures.js'
import { fetchProof } from '../../../scripts/lib/altcha.mjs'

const USER = 'admin'
const PASSWORD = 'admin-test-password-1'
const NEW_PASSWORD = 'admin-test-password-2'

const llm = await startFakeLlm()
t.teardown(() => llm.close())
// BLOG_UPLOAD_WAIT_MS=1: the upload answers 202 with a job at once, so the dialog follows the
// import through GET /api/blog/jobs/{id} (the path a slow import takes).
const stack = await startStack({ env: { ...llm.env, BLOG_UPLOAD_WAIT_MS: '1' } })
t.teardown(() => stack.stop())
await seedAdmin(stack, USER, PASSWORD)
const browser = await launchBrowser({ baseURL: stack.url })
// These walks type HTML: the bodies open in their HTML view (the spec's textarea), the choice an
// admin who writes HTML makes once (rich-editor.test.ts walks the editor).
await browser.context.addInitScript(() => localStorage.setItem('admin.bodyView', 'html'))
t.teardown(() => browser.close())

const page = await browser.newPage()
// 401: the current-user read while signed out; 403: the wrong current password, asserted where it happens.
const errors = collectPageErrors(page, { ignore: [/status of 401/, /status of 403/] })

const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text })
const tab = (name: string) => page.getByRole('tab', { name, exact: true })
const dialog = (name: string) => page.getByRole('dialog', { name })

async function openTab(name: string) {
  // A dialog left open by a failed step would block the tabs: close it first.
  if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape')
  await tab(name).click()
  await page.getByRole('tabpanel', { name }).waitFor()
}

/** ADMIN_SCREENSHOTS=<dir> keeps a full-page screenshot of every state axe checks (for a person to look at). */
const shots = process.env.ADMIN_SCREENSHOTS
async function expectAxeClean(t: Test, what: string) {
  t.same(await axeViolations(page), [], `axe: no serious/critical violations (${what})`)
  if (shots)
    await page.screenshot({ path: `${shots}/${what.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true })
}

/** Admin API call from the test (session of the browser). */
async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const cookies = await browser.context.cookies(stack.url)
  const sid = cookies.find((c) => c.name === 'sid')
  const res = await fetch(stack.url + path, {
    method,
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(sid ? { Cookie: `sid=${sid.value}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  return { status: res.status, data: (text ? JSON.parse(text) : undefined) as T }
}

interface PostRow {
  id: string
  slug: string
  title_nl: string
}
/** Every post as the admin list answers it (a plain list, or a page of it). */
async function adminPosts(): Promise<PostRow[]> {
  const { data } = await api<PostRow[] | { items: PostRow[] }>('GET', '/api/blog?pageSize=50')
  return Array.isArray(data) ? data : data.items
}
const adminTitles = async () => (await adminPosts()).map((p) => p.title_nl)
/** Waits until the admin list satisfies `ok` (a delete after closing a dialog runs in the background). */
async function waitForPosts(ok: (titles: string[]) => boolean) {
  for (let i = 0; i < 100 && !ok(await adminTitles()); i++) await new Promise((r) => setTimeout(r, 100))
}

const row = (list: string, text: string): Locator =>
  page.getByTestId(list).getByRole('listitem').filter({ hasText: text })

/** The "Are you sure?" alert dialog of a delete names the item; confirm it. */
async function confirmDelete(name: string) {
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' })
  await confirm.waitFor()
  await confirm.getByText(`"${name}" will be deleted`).waitFor()
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await confirm.waitFor({ state: 'hidden' })
}

t.test('signed out, /admin shows the login dialog; signing in opens the dashboard', async (t) => {
  await page.goto('/admin')
  const login = dialog('Admin Login')
  await login.waitFor()
  t.ok(await page.getByTestId('admin-signin-required').isVisible(), 'sign-in notice instead of the dashboard')
  t.equal(await tab('Content').count(), 0, 'no dashboard while signed out')
  await expectAxeClean(t, 'signed-out /admin')

  await login.getByLabel('Username').fill(USER)
  await login.getByLabel('Password').fill(PASSWORD)
  await login.getByRole('button', { name: 'Login', exact: true }).click()
  await toast('Login successful').waitFor()
  await login.waitFor({ state: 'hidden' })

  const crumb = page.getByRole('navigation', { name: 'Breadcrumb' })
  await crumb.waitFor()
  t.match(await crumb.innerText(), /Admin Dashboard\s*\/\s*Content Management/, 'breadcrumb text')
  t.equal(
    await crumb.getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href'),
    '/',
    'breadcrumb links to /',
  )
  const names = await page.getByRole('tab').allInnerTexts()
  t.same(
    names.map((n) => n.trim()),
    // The owner (the seeded account) also has the Users tab (issue 46).
    [
      'Content',
      'Blog',
      'Pages',
      'Projects',
      'Features',
      'Media',
      'Settings',
      'Inbox',
      'Translations',
      'Analytics',
      'Audit log',
      'Users',
    ],
    'the tabs, Content first',
  )
  t.equal(await tab('Content').getAttribute('aria-selected'), 'true', 'Content is the default tab')
})

t.test('content tab: server data, counters, limit messages, save', async (t) => {
  const titleNl = page.locator('#content-title_nl')
  // The field must exist and hold the server's text (a missing field is not "filled").
  await page.waitForFunction(() => {
    const field = document.querySelector<HTMLInputElement>('#content-title_nl')
    return field !== null && field.value !== ''
  })
  const server = await api<Record<string, string>>('GET', '/api/content')
  t.equal(await titleNl.inputValue(), server.data.title_nl, 'form filled from GET /api/content')
  await expectAxeClean(t, 'content tab')

  await titleNl.fill('x'.repeat(201))
  await page.getByText('Nederlandse titel moet 200 karakters of minder zijn').waitFor()
  t.ok(await page.getByText('201/200').first().isVisible(), 'counter shows 201/200')
  await page.locator('#content-title_en').fill('y'.repeat(201))
  await page.getByText('English title must be 200 characters or less').waitFor()
  await page.locator('#content-address').fill('a'.repeat(101))
  await page.getByText('Address must be 100 characters or less').waitFor()
  await page.locator('#content-phone').fill('1'.repeat(21))
  await page.getByText('Phone must be 20 characters or less').waitFor()
  await page.locator('#content-email').fill('not-an-email')
  await page.getByRole('button', { name: 'Save content' }).click()
  await page.getByText('Must be a valid email address').waitFor()
  await toast('Failed to save content. Please try again.').waitFor()
  t.equal(
    (await api<Record<string, string>>('GET', '/api/content')).data.title_nl,
    server.data.title_nl,
    'nothing saved while invalid',
  )

  // The query refetches after the failed attempt? No: an edited form is never reset from the server.
  await titleNl.fill('Snelle software, eerlijk gebouwd')
  await page.locator('#content-title_en').fill('Fast software, fairly built')
  await page.locator('#content-title_de').fill('Schnelle Software')
  await page.locator('#content-address').fill('Keizersgracht 1, Amsterdam')
  await page.locator('#content-phone').fill('+31 20 123 4567')
  await page.locator('#content-email').fill('hallo@example.nl')
  t.equal(await page.getByText('Nederlandse titel moet').count(), 0, 'limit message gone once fixed')
  await page.getByRole('button', { name: 'Save content' }).click()
  await toast('Content saved successfully!').waitFor()
  const saved = (await api<Record<string, string | null>>('GET', '/api/content')).data
  t.equal(saved.title_nl, 'Snelle software, eerlijk gebouwd')
  t.equal(saved.title_en, 'Fast software, fairly built')
  t.equal(saved.title_de, 'Schnelle Software')
  t.equal(saved.email, 'hallo@example.nl')
  t.equal(await titleNl.inputValue(), 'Snelle software, eerlijk gebouwd', 'form shows the saved record')
})

t.test('blog tab: translate buttons, create, publish, needs-review import, delete', async (t) => {
  await openTab('Blog')
  await page.getByText('No blog posts yet.').waitFor()
  await expectAxeClean(t, 'blog tab')

  await page.getByRole('button', { name: 'New Blog Post' }).click()
  const d = dialog('Create New Blog Post')
  await d.waitFor()
  await expectAxeClean(t, 'blog post dialog')
  const toEn = d.getByRole('button', { name: '-> EN', exact: true })
  const toNl = d.getByRole('button', { name: '-> NL', exact: true })

  await toEn.click()
  await toast('No title to translate').filter({ hasText: 'Please enter a Dutch title first' }).waitFor()
  await toNl.click()
  await toast('No title to translate').filter({ hasText: 'Please enter an English title first' }).waitFor()
  t.equal(llm.titleCalls, 0, 'no call without a title')

  await d.getByLabel('Dutch title').fill('Automatisering voor het MKB')
  llm.holdTitles()
  await toEn.click()
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid^="translate-"]:disabled').length === 2,
  )
  t.ok(
    (await toEn.isDisabled()) && (await toNl.isDisabled()),
    'both translate buttons disabled while translating',
  )
  llm.release()
  await toast('Title translated').waitFor()
  t.equal(
    await d.getByLabel('English title').inputValue(),
    'Automatisering voor het MKB (vertaald)',
    'English title filled',
  )
  t.ok((await toEn.isEnabled()) && (await toNl.isEnabled()), 'buttons enabled again')

  await d.getByLabel('Slug').fill('automatisering-mkb')
  await d.getByLabel('Dutch excerpt').fill('Korte samenvatting')
  await d.getByLabel('English excerpt').fill('Short summary')
  await d.getByLabel('Dutch content').fill('<p>Inhoud</p>')
  await d.getByLabel('English content').fill('<p>Content</p>')
  t.equal(await d.getByLabel('Dutch content').getAttribute('rows'), '8', 'content has 8 rows')
  const published = d.getByRole('switch', { name: 'Published' })
  t.equal(await published.getAttribute('aria-checked'), 'false', 'posts default to unpublished')
  await d.getByRole('button', { name: 'Create Blog Post' }).click()
  await toast('Blog post created').waitFor()
  await d.waitFor({ state: 'hidden' })
  const post = row('admin-blog-list', 'Automatisering voor het MKB')
  await post.waitFor()
  t.ok(await post.getByText('Draft', { exact: true }).isVisible(), 'Draft badge')

  // Edit: publish it.
  await post.getByRole('button', { name: /^Edit / }).click()
  const e = dialog('Edit Blog Post')
  await e.waitFor()
  t.equal(await e.getByLabel('Slug').inputValue(), 'automatisering-mkb', 'edit dialog filled')
  await e.getByRole('switch', { name: 'Published' }).click()
  await e.getByLabel('Dutch title').fill('Automatisering voor het MKB in 2025')
  await e.getByRole('button', { name: 'Update Blog Post' }).click()
  await toast('Blog post updated').waitFor()
  const edited = row('admin-blog-list', 'Automatisering voor het MKB in 2025')
  await edited.getByText('Published', { exact: true }).waitFor()
  const pub = await api<{ items: Array<{ slug: string }> }>('GET', '/api/blog?published=true')
  t.ok(
    pub.data.items.some((p) => p.slug === 'automatisering-mkb'),
    'published through the API',
  )

  // The create dialog opens empty again (forms reset after saving).
  await page.getByRole('button', { name: 'New Blog Post' }).click()
  await d.waitFor()
  t.equal(await d.getByLabel('Dutch title').inputValue(), '', 'create dialog is empty')

  // Wrong file type: refused in the browser.
  await d
    .locator('#post-file')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') })
  await toast('Invalid file type')
    .filter({ hasText: 'Only .txt, .md and .docx files are allowed.' })
    .waitFor()

  // A markdown file fills the form (imported server-side as a draft, translated by the fake LLM).
  const calls: string[] = []
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname
    if (path.startsWith('/api/blog/upload') || path.startsWith('/api/blog/jobs/'))
      calls.push(`${r.status()} ${path.replace(/jobs\/.*/, 'jobs/:id')}`)
  })
  const md =
    '# Slimme workflows\n\nWe automatiseren repetitief werk met AI.\n\nZo bespaart u uren per week.\n'
  await d
    .locator('#post-file')
    .setInputFiles({ name: 'workflows.md', mimeType: 'text/markdown', buffer: Buffer.from(md) })
  await toast('File uploaded successfully').filter({ hasText: 'tags generated' }).waitFor({ timeout: 60000 })
  t.equal(calls[0], '202 /api/blog/upload', 'the upload answered 202 with a job')
  t.ok(calls.includes('200 /api/blog/jobs/:id'), 'the dialog followed the job')
  const form = page.getByTestId('blog-post-form')
  await form.getByText('Imported from the file').waitFor()
  t.equal(await form.getByLabel('Dutch title').inputValue(), 'Slimme workflows', 'Dutch title from the file')
  t.match(
    await form.getByLabel('English title').inputValue(),
    /Slimme workflows \(EN\)/,
    'English title from the translation',
  )
  // The import only filled the form: still the create dialog, and Cancel leaves no post behind.
  t.ok(await d.isVisible(), 'still the create dialog after the import')
  t.ok(await d.getByText(/Machine-translated and not reviewed yet/).isVisible(), 'review note in the dialog')
  await d.getByRole('button', { name: 'Cancel', exact: true }).click()
  // The import filled the form: closing asks first.
  await page
    .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click()
  await d.waitFor({ state: 'hidden' })
  await waitForPosts((titles) => !titles.includes('Slimme workflows'))
  t.notOk((await adminTitles()).includes('Slimme workflows'), 'cancel after an import leaves no draft')
  t.equal(await row('admin-blog-list', 'Slimme workflows').count(), 0, 'nor a row in the list')

  // The same file again, then submit: one post, with the translated fields and marks of the import.
  await page.getByRole('button', { name: 'New Blog Post' }).click()
  await d.waitFor()
  await d
    .locator('#post-file')
    .setInputFiles({ name: 'workflows.md', mimeType: 'text/markdown', buffer: Buffer.from(md) })
  await form.getByText('Imported from the file').waitFor({ timeout: 60000 })
  await d.getByLabel('Dutch excerpt').fill('Minder handwerk met slimme workflows.')
  await d.getByRole('button', { name: 'Create Blog Post' }).click()
  await toast('Blog post created').waitFor()
  await d.waitFor({ state: 'hidden' })
  const titles = await adminTitles()
  t.equal(titles.filter((x) => x === 'Slimme workflows').length, 1, 'submit saves one post')
  const saved = (await adminPosts()).find((p) => p.title_nl === 'Slimme workflows')!
  const full = (await api<Record<string, unknown>>('GET', `/api/blog/slug/${saved.slug}`)).data
  t.match(full, { title_en: /Slimme workflows \(EN\)/, excerpt_nl: 'Minder handwerk met slimme workflows.' })
  t.match(full.content_en, /automatiseren repetitief werk/, 'the translated content is kept')
  t.same(full.tags, ['automation', 'ai', 'testing'], "the import's tags are kept")
  const imported = row('admin-blog-list', 'Slimme workflows')
  await imported.waitFor()
  t.ok(
    await imported.getByText('needs review').isVisible(),
    "'needs review' mark on the machine-translated post",
  )
  t.ok(await imported.getByText('Draft', { exact: true }).isVisible(), 'imported post is a draft')

  // Approve the translations: the mark goes.
  await imported.getByRole('button', { name: /^Edit / }).click()
  await dialog('Edit Blog Post').getByLabel('Mark the translations as reviewed').check()
  await dialog('Edit Blog Post').getByRole('button', { name: 'Update Blog Post' }).click()
  await toast('Blog post updated').waitFor()
  await imported.getByText('needs review').waitFor({ state: 'detached' })

  // Delete both.
  for (const title of ['Slimme workflows', 'Automatisering voor het MKB in 2025']) {
    await row('admin-blog-list', title)
      .getByRole('button', { name: /^Delete / })
      .click()
    await confirmDelete(title)
    await toast('Blog post deleted').waitFor()
    await row('admin-blog-list', title).waitFor({ state: 'detached' })
  }
  await page.getByText('No blog posts yet.').waitFor()
  const left = (await api<{ items: unknown[]; total: number }>('GET', '/api/blog')).data
  t.same(left.items, [], 'no posts left')
  t.equal(left.total, 0)
})

t.test('pages tab: create (published by default), edit, delete', async (t) => {
  await openTab('Pages')
  await page.getByRole('button', { name: 'New Page' }).waitFor()
  await expectAxeClean(t, 'pages tab')
  await page.getByRole('button', { name: 'New Page' }).click()
  const d = dialog('Create New Page')
  await d.waitFor()
  t.equal(
    await d.getByRole('switch', { name: 'Published' }).getAttribute('aria-checked'),
    'true',
    'Published defaults to on',
  )
  t.equal(await d.getByLabel('Dutch content').getAttribute('rows'), '10', 'content has 10 rows')
  await d.getByRole('button', { name: 'Create Page' }).click()
  await d.getByText('Slug is required').waitFor()
  await d.getByLabel('Slug').fill('Over Ons')
  await d.getByLabel('Dutch title').fill('Over ons')
  await d.getByLabel('English title').fill('About us')
  await d.getByLabel('Dutch content').fill('<p>Wie wij zijn</p>')
  await d.getByLabel('English content').fill('<p>Who we are</p>')
  await d.getByRole('button', { name: 'Create Page' }).click()
  await d.getByText('Slug may only contain lowercase letters, digits and hyphens').waitFor()
  await d.getByLabel('Slug').fill('over-ons')
  await d.getByRole('button', { name: 'Create Page' }).click()
  await toast('Page created').waitFor()
  await d.waitFor({ state: 'hidden' })
  const r = row('admin-pages-list', 'Over ons')
  await r.getByText('Published', { exact: true }).waitFor()

  await r.getByRole('button', { name: /^Edit / }).click()
  const e = dialog('Edit Page')
  await e.getByLabel('Dutch title').fill('Over ons (nieuw)')
  await e.getByRole('switch', { name: 'Published' }).click()
  await e.getByRole('button', { name: 'Update Page' }).click()
  await toast('Page updated').waitFor()
  await row('admin-pages-list', 'Over ons (nieuw)').getByText('Draft', { exact: true }).waitFor()
  const pages = (
    await api<{ items: Array<{ slug: string; published: boolean; title_nl: string }> }>(
      'GET',
      '/api/pages?pageSize=50',
    )
  ).data.items
  t.same(
    pages.filter((p) => p.slug === 'over-ons').map((p) => [p.slug, p.published, p.title_nl]),
    [['over-ons', false, 'Over ons (nieuw)']],
    'saved through the API',
  )

  await row('admin-pages-list', 'Over ons (nieuw)')
    .getByRole('button', { name: /^Delete / })
    .click()
  await confirmDelete('Over ons (nieuw)')
  await toast('Page deleted').waitFor()
  await row('admin-pages-list', 'Over ons').waitFor({ state: 'detached' })
})

t.test('blog and pages tabs: a page at a time with previous/next, and a title search', async (t) => {
  // 23 posts (one is the search target) and 21 pages: two pages of 20 each.
  for (let i = 1; i <= 23; i++) {
    const title = i === 2 ? 'Zoekbare robotica' : `Paginabericht ${String(i).padStart(2, '0')}`
    const res = await api('POST', '/api/blog', {
      title_nl: title,
      title_en: `Paged post ${i}`,
      excerpt_nl: '',
      excerpt_en: '',
      content_nl: '<p>x</p>',
      content_en: '<p>x</p>',
    })
    t.equal(res.status, 201)
  }
  for (let i = 1; i <= 21; i++) {
    const res = await api('POST', '/api/pages', {
      slug: `lijst-${i}`,
      title_nl: i === 5 ? 'Tarieven en prijzen' : `Lijstpagina ${i}`,
      title_en: `List page ${i}`,
      content_nl: '<p>x</p>',
      content_en: '<p>x</p>',
    })
    t.equal(res.status, 201)
  }

  // Seeded behind the app's back: load the dashboard again so the lists are read fresh.
  await page.reload()
  await tab('Blog').waitFor()
  await openTab('Blog')
  const blogList = page.getByTestId('admin-blog-list')
  const pager = page.getByRole('navigation', { name: 'Blog posts: page navigation' })
  await pager.getByText('Page 1 of 2 (23 items)').waitFor()
  t.equal(await blogList.getByRole('listitem').count(), 20, '20 posts on the first page')
  await row('admin-blog-list', 'Paginabericht 23').waitFor()
  t.equal(await row('admin-blog-list', 'Paginabericht 01').count(), 0, 'the oldest is on page 2')
  t.ok(await pager.getByRole('button', { name: 'Previous' }).isDisabled(), 'no previous page on page 1')
  await expectAxeClean(t, 'blog tab with pager and search')

  // Keyboard: focus Next and press Enter.
  await pager.getByRole('button', { name: 'Next' }).focus()
  await page.keyboard.press('Enter')
  await pager.getByText('Page 2 of 2 (23 items)').waitFor()
  await row('admin-blog-list', 'Paginabericht 01').waitFor()
  t.equal(await blogList.getByRole('listitem').count(), 3, 'the last 3 posts on page 2')
  t.ok(await pager.getByRole('button', { name: 'Next' }).isDisabled(), 'no next page on the last page')
  await pager.getByRole('button', { name: 'Previous' }).click()
  await pager.getByText('Page 1 of 2 (23 items)').waitFor()

  // Search by title: case-insensitive, from page 1, pager hidden when one page holds the result.
  const search = page.getByRole('searchbox', { name: 'Search by title' })
  await search.fill('ZOEKBARE')
  await row('admin-blog-list', 'Zoekbare robotica').waitFor()
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="admin-blog-list"] li').length === 1,
  )
  t.equal(await pager.count(), 0, 'one page of results: no pager')
  await search.fill('geen-treffer-xyz')
  await page.getByText('Nothing matches "geen-treffer-xyz".').waitFor()
  await search.fill('')
  await page
    .getByRole('navigation', { name: 'Blog posts: page navigation' })
    .getByText('Page 1 of 2 (23 items)')
    .waitFor()

  // The editor loads the full post (the list has no content). The post is on page 2: find it again.
  await search.fill('zoekbare')
  await row('admin-blog-list', 'Zoekbare robotica')
    .getByRole('button', { name: /^Edit / })
    .click()
  const e = dialog('Edit Blog Post')
  await e.waitFor()
  t.equal(
    await e.getByLabel('Dutch content').inputValue(),
    '<p>x</p>',
    'content loaded from GET /api/blog/{id}',
  )
  await page.keyboard.press('Escape')
  await e.waitFor({ state: 'hidden' })

  await openTab('Pages')
  const pagesPager = page.getByRole('navigation', { name: 'Pages: page navigation' })
  await pagesPager.getByText('Page 1 of 2 (21 items)').waitFor()
  await pagesPager.getByRole('button', { name: 'Next' }).click()
  await pagesPager.getByText('Page 2 of 2 (21 items)').waitFor()
  await row('admin-pages-list', 'Lijstpagina 1').waitFor()
  await page.getByRole('searchbox', { name: 'Search by title' }).fill('prijzen')
  await row('admin-pages-list', 'Tarieven en prijzen').waitFor()
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="admin-pages-list"] li').length === 1,
  )
  t.equal(await pagesPager.count(), 0, 'search results start at page 1 and fit on it')
  await row('admin-pages-list', 'Tarieven en prijzen')
    .getByRole('button', { name: /^Edit / })
    .click()
  const pe = dialog('Edit Page')
  await pe.waitFor()
  t.equal(
    await pe.getByLabel('Dutch content').inputValue(),
    '<p>x</p>',
    'content loaded from GET /api/pages/{id}',
  )
  await page.keyboard.press('Escape')
  await pe.waitFor({ state: 'hidden' })

  // Clean up through the API for the tabs that follow.
  const posts = (await api<{ items: { id: string }[] }>('GET', '/api/blog?pageSize=50')).data.items
  for (const p of posts) t.equal((await api('DELETE', `/api/blog/${p.id}`)).status, 204)
  const pagesLeft = (await api<{ items: { id: string; slug: string }[] }>('GET', '/api/pages?pageSize=50'))
    .data.items
  for (const p of pagesLeft.filter((x) => x.slug.startsWith('lijst-')))
    t.equal((await api('DELETE', `/api/pages/${p.id}`)).status, 204)
})

t.test('projects tab: image upload rules, create with an image, edit, delete', async (t) => {
  await openTab('Projects')
  await page.getByRole('button', { name: 'New Project' }).waitFor()
  await expectAxeClean(t, 'projects tab')
  await page.getByRole('button', { name: 'New Project' }).click()
  const d = dialog('Create New Project')
  await d.waitFor()
  await d.getByRole('button', { name: 'Create Project' }).click()
  await d.getByText('Title is required').waitFor()
  await d.getByText('Description is required').waitFor()

  const input = d.getByTestId('project-image-input')
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await d.getByText('Please select an image file').waitFor()
  t.ok(
    await d.getByRole('button', { name: 'Upload Image' }).isVisible(),
    "'Upload Image' before an image is chosen",
  )

  await input.setInputFiles({ name: 'project.png', mimeType: 'image/png', buffer: makePng() })
  await toast('Image uploaded successfully').waitFor()
  const preview = d.getByTestId('project-image-preview')
  await preview.waitFor()
  const src = await preview.getAttribute('src')
  t.match(src, /^\/objects\//, 'preview shows the uploaded /objects/ path')
  t.ok(
    await d.getByRole('button', { name: 'Change Image' }).isVisible(),
    "'Change Image' once an image is set",
  )
  t.ok(
    // Waits for the image itself (it may still be on its way when the preview appears).
    await preview.evaluate(
      (img: HTMLImageElement) =>
        new Promise<boolean>((resolve) => {
          if (img.complete) return resolve(img.naturalWidth > 0)
          img.addEventListener('load', () => resolve(img.naturalWidth > 0), { once: true })
          img.addEventListener('error', () => resolve(false), { once: true })
        }),
    ),
    'preview image loads',
  )
  await expectAxeClean(t, 'project dialog')

  await d.getByLabel('Title').fill('Voorraadrobot')
  await d.getByLabel('Description').fill('Automatische voorraadcontrole')
  await d.getByLabel('Video URL (optional)').fill('https://example.com/demo')
  await d.getByRole('button', { name: 'Create Project' }).click()
  await toast('Project added successfully!').waitFor()
  await d.waitFor({ state: 'hidden' })
  const r = row('admin-projects-list', 'Voorraadrobot')
  await r.waitFor()
  const projects = (
    await api<{ items: Array<{ title: string; image_url: string; video_url: string }> }>(
      'GET',
      '/api/projects?pageSize=50',
    )
  ).data.items
  t.same(
    projects.filter((p) => p.title === 'Voorraadrobot').map((p) => [p.image_url, p.video_url]),
    [[src, 'https://example.com/demo']],
    'saved with the image',
  )

  await r.getByRole('button', { name: /^Edit / }).click()
  const e = dialog('Edit Project')
  t.equal(await e.getByTestId('project-image-preview').getAttribute('src'), src, 'edit shows the image')
  await e.getByLabel('Title').fill('Voorraadrobot 2')
  await e.getByRole('button', { name: 'Update Project' }).click()
  await toast('Project updated successfully!').waitFor()
  await row('admin-projects-list', 'Voorraadrobot 2').waitFor()

  await row('admin-projects-list', 'Voorraadrobot 2')
    .getByRole('button', { name: /^Delete / })
    .click()
  await confirmDelete('Voorraadrobot 2')
  await toast('Project deleted!').waitFor()
  await row('admin-projects-list', 'Voorraadrobot').waitFor({ state: 'detached' })
  t.notOk(
    (await api<{ items: Array<{ title: string }> }>('GET', '/api/projects?pageSize=50')).data.items.some(
      (p) => p.title.startsWith('Voorraadrobot'),
    ),
    'deleted',
  )
})

t.test('features tab: create two, reorder, edit, delete', async (t) => {
  await openTab('Features')
  await page.getByRole('button', { name: 'New Feature' }).waitFor()
  const before = (await api<Array<{ id: string }>>('GET', '/api/features')).data.length
  for (const [icon, nl, en] of [
    ['⚡', 'Snel', 'Fast'],
    ['🔒', 'Veilig', 'Secure'],
  ] as const) {
    await page.getByRole('button', { name: 'New Feature' }).click()
    const d = dialog('Create New Feature')
    await d.waitFor()
    await d.getByLabel('Icon (emoji or symbol)').fill(icon)
    await d.getByLabel('Dutch title').fill(nl)
    await d.getByLabel('English title').fill(en)
    await d.getByLabel('Dutch description').fill(`${nl} beschrijving`)
    await d.getByLabel('English description').fill(`${en} description`)
    await d.getByRole('button', { name: 'Create Feature' }).click()
    await toast('Feature created').waitFor()
    await d.waitFor({ state: 'hidden' })
    await row('admin-features-list', nl).waitFor()
  }
  await expectAxeClean(t, 'features tab')
  let ids = (await api<Array<{ id: string; title_nl: string }>>('GET', '/api/features')).data
  t.equal(ids.length, before + 2, 'two features added')
  t.same(
    ids.slice(-2).map((f) => f.title_nl),
    ['Snel', 'Veilig'],
    'new ones at the end',
  )

  await page.getByRole('button', { name: 'Move Veilig up' }).click()
  await toast('Order saved').waitFor()
  ids = (await api<Array<{ id: string; title_nl: string }>>('GET', '/api/features')).data
  const order = ids.map((f) => f.title_nl)
  t.ok(order.indexOf('Veilig') < order.indexOf('Snel'), 'reordered on the server')
  const shown = await page.getByTestId('admin-features-list').getByRole('listitem').allInnerTexts()
  t.ok(
    shown.findIndex((s) => s.includes('Veilig')) < shown.findIndex((s) => s.includes('Snel')),
    'list shows the new order',
  )

  await row('admin-features-list', 'Snel')
    .getByRole('button', { name: /^Edit / })
    .click()
  const e = dialog('Edit Feature')
  await e.getByLabel('Dutch title').fill('Razendsnel')
  await e.getByRole('button', { name: 'Update Feature' }).click()
  await toast('Feature updated').waitFor()
  await row('admin-features-list', 'Razendsnel').waitFor()

  for (const name of ['Razendsnel', 'Veilig']) {
    await row('admin-features-list', name)
      .getByRole('button', { name: /^Delete / })
      .click()
    await confirmDelete(name)
    await toast('Feature deleted').waitFor()
    await row('admin-features-list', name).waitFor({ state: 'detached' })
  }
  t.equal((await api<unknown[]>('GET', '/api/features')).data.length, before, 'deleted')
})

// The Media tab has its own file: web/test/admin/media.test.ts.

t.test('inbox tab: a posted request appears, mark handled, erase', async (t) => {
  const res = await fetch(`${stack.url}/api/contacts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({
      name: 'Jan Jansen',
      email: 'jan@example.nl',
      message: 'Wij willen een MVP.',
      company: 'Jansen BV',
      website: '',
      altcha: await fetchProof(stack.url),
    }),
  })
  t.equal(res.status, 201, 'request accepted')
  await openTab('Inbox')
  const item = page.getByTestId('inbox-item').filter({ hasText: 'Jan Jansen' })
  await item.waitFor()
  t.ok(await item.getByText('Wij willen een MVP.').isVisible(), 'message shown')
  t.ok(await item.getByText('Jansen BV').isVisible(), 'company shown')
  t.equal(
    await item.getByRole('link', { name: 'jan@example.nl' }).getAttribute('href'),
    'mailto:jan@example.nl',
    'mail link to the address (built by mailtoHref)',
  )
  t.ok(await item.getByText('Open', { exact: true }).isVisible(), 'not handled yet')
  await expectAxeClean(t, 'inbox tab')

  await item.getByRole('button', { name: 'Mark as handled: Jan Jansen' }).click()
  await toast('Request updated').waitFor()
  await item.getByText('Handled', { exact: true }).waitFor()
  const list = (await api<{ items: Array<{ name: string; handled: boolean }> }>('GET', '/api/contacts')).data
  t.same(
    list.items.map((i) => [i.name, i.handled]),
    [['Jan Jansen', true]],
    'handled on the server',
  )

  await item.getByRole('button', { name: 'Erase: Jan Jansen' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Erase this request?' })
  await confirm.waitFor()
  await confirm.getByRole('button', { name: 'Erase', exact: true }).click()
  await toast('Request erased').waitFor()
  await page.getByText('No requests yet.').waitFor()
  t.equal((await api<{ total: number }>('GET', '/api/contacts')).data.total, 0, 'erased on the server')
})

t.test('settings tab: validation messages, security info, real username and password change', async (t) => {
  await openTab('Settings')
  const security = page.getByTestId('security-info')
  await security.getByRole('listitem').first().waitFor()
  const info = await security.innerText()
  t.match(info, /argon2id/, 'says argon2id')
  t.notMatch(
    info,
    /MiB|iteration|HttpOnly|SameSite|CSRF/,
    'in plain words, without parameters (issue 49 #14)',
  )
  t.notMatch(info, /bcrypt/, 'does not claim bcrypt')
  await expectAxeClean(t, 'settings tab')

  const pw = page.getByTestId('password-form')
  const submitPw = pw.getByRole('button', { name: 'Update Password' })
  await submitPw.click()
  await pw.getByText('Please fill in all fields').waitFor()
  await pw.getByLabel('Current password').fill(PASSWORD)
  await pw.getByLabel('New password', { exact: true }).fill('short')
  await pw.getByLabel('Confirm new password').fill('shorter')
  await submitPw.click()
  await pw.getByText('New passwords do not match').waitFor()
  await pw.getByLabel('Confirm new password').fill('short')
  await submitPw.click()
  await pw.getByText('Password must be at least 8 characters long').waitFor()

  await pw.getByLabel('Current password').fill('wrong-password-123')
  await pw.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await pw.getByLabel('Confirm new password').fill(NEW_PASSWORD)
  await submitPw.click()
  await toast('Current password is incorrect').waitFor()

  await pw.getByLabel('Current password').fill(PASSWORD)
  await submitPw.click()
  await toast('Password updated successfully').waitFor()
  for (const label of ['Current password', 'Confirm new password'])
    t.equal(await pw.getByLabel(label).inputValue(), '', `${label} cleared`)
  t.equal(await pw.getByLabel('New password', { exact: true }).inputValue(), '', 'New password cleared')
  const oldLogin = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ username: USER, password: PASSWORD }),
  })
  t.equal(oldLogin.status, 401, 'old password no longer works')
  const newLogin = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ username: USER, password: NEW_PASSWORD }),
  })
  t.equal(newLogin.status, 200, 'new password works')

  const un = page.getByTestId('username-form')
  const submitUn = un.getByRole('button', { name: 'Update Username' })
  await submitUn.click()
  await un.getByText('Please fill in all fields').waitFor()
  await un.getByLabel('New username').fill('ab')
  await un.getByLabel('Current password').fill(NEW_PASSWORD)
  await submitUn.click()
  await un.getByText('Username must be between 3 and 50 characters').waitFor()
  await un.getByLabel('New username').fill('beheerder')
  await submitUn.click()
  await toast('Username updated successfully').waitFor()
  await un.getByText('Signed in as beheerder').waitFor()
  t.equal(await un.getByLabel('New username').inputValue(), '', 'fields cleared')
  t.equal(
    (await api<{ username: string }>('GET', '/api/auth/user')).data.username,
    'beheerder',
    'renamed on the server',
  )

  // The public byline of the admin's posts: never the login name.
  const dn = page.getByTestId('display-name-form')
  const submitDn = dn.getByRole('button', { name: 'Update Display Name' })
  t.equal(await dn.getByLabel('Display name').getAttribute('placeholder'), 'Software & Automation')
  await dn.getByLabel('Display name').fill('Beheerder')
  await submitDn.click()
  await toast('Choose a display name other than your username: it is shown publicly').waitFor()
  await dn.getByLabel('Display name').fill('Jan de Vries')
  await submitDn.click()
  await toast('Display name updated successfully').waitFor()
  t.equal(
    (await api<{ display_name: string | null }>('GET', '/api/auth/user')).data.display_name,
    'Jan de Vries',
    'saved on the server',
  )
})

t.test('no page or console errors along the way', async (t) => {
  t.same(errors, [], 'no page or console errors')
  await page.close()
})
