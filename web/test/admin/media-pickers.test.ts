// @tier stack
// The library pickers of the post and page dialogs as an admin uses them (real stack, content
// worker included, real Chromium): an image uploaded and described in the Media tab is chosen as a
// post's featured image and inserted into its body, and into a page's body; the public post and
// page show it as <picture> with the item's alt text (in the page's language); the Media tab's
// detail lists the post and the page under "Used by" and the delete is refused while they do.
import t from 'tap'
import type { MediaItem } from '@site/contracts'
import { collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { attr, pictures, variantsOf } from '../helpers/pictures.js'
import { seedAdmin, startStack } from '../helpers/stack.js'
import { makePng } from './fixtures.js'

const USER = 'picker-admin'
const PASSWORD = 'picker-test-password-1'
// contact: the admin's Blog tab reads each post's views from it (analytics, issue 48).
const stack = await startStack({
  only: ['auth', 'content', 'content-worker', 'blog', 'web', 'contact', 'gateway'],
})
t.teardown(() => stack.stop())
await seedAdmin(stack, USER, PASSWORD)
const browser = await launchBrowser({ baseURL: stack.url })
// These walks type HTML: the bodies open in their HTML view (the spec's textarea), the choice an
// admin who writes HTML makes once (rich-editor.test.ts walks the editor).
await browser.context.addInitScript(() => localStorage.setItem('admin.bodyView', 'html'))
t.teardown(() => browser.close())
const page = await browser.newPage()
const errors = collectPageErrors(page, { ignore: [/status of 401/, /status of 409/] })

const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text })
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true })
const tile = (name: string) => page.getByRole('button', { name: `Details of ${name}`, exact: true })
const picker = () => dialog('Choose an image from the library')
async function openTab(name: string) {
  await page.getByRole('tab', { name, exact: true }).click()
  await page.getByRole('tabpanel', { name }).waitFor()
}
async function api(method: string, path: string): Promise<{ status: number; data: unknown }> {
  const sid = (await browser.context.cookies(stack.url)).find((c) => c.name === 'sid')
  const res = await fetch(stack.url + path, {
    method,
    headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: `sid=${sid?.value}` },
  })
  const text = await res.text()
  return { status: res.status, data: text ? JSON.parse(text) : undefined }
}
/** Chooses the library's harbour.png in the picker that `button` opens. */
async function pick(button: ReturnType<typeof page.getByRole>) {
  await button.click()
  await picker().getByRole('button', { name: 'Use harbour.png' }).click()
  await picker().waitFor({ state: 'hidden' })
}
/** The public page's HTML as a visitor gets it. */
const publicHtml = async (path: string) => (await fetch(`${stack.url}${path}`)).text()
const imgOf = (picture: string) => /<img[^>]*>/.exec(picture)![0]

let item: MediaItem

t.test('sign in, upload an image to the library and describe it', async (t) => {
  await page.goto('/admin')
  const login = dialog('Admin Login')
  await login.getByLabel('Username').fill(USER)
  await login.getByLabel('Password').fill(PASSWORD)
  await login.getByRole('button', { name: 'Login', exact: true }).click()
  await login.waitFor({ state: 'hidden' })
  await openTab('Media')
  await page
    .getByTestId('media-input')
    .setInputFiles([{ name: 'harbour.png', mimeType: 'image/png', buffer: makePng(1600, 900) }])
  await toast('File uploaded').waitFor()
  await tile('harbour.png').click()
  const detail = dialog('harbour.png')
  await detail.getByLabel('Alt text (Dutch)').fill('De haven bij zonsopgang')
  await detail.getByLabel('Alt text (English)').fill('The harbour at sunrise')
  await detail.getByRole('button', { name: 'Save alt texts' }).click()
  await toast('Alt texts saved').waitFor()
  await detail.getByRole('button', { name: 'Close' }).click()
  await detail.waitFor({ state: 'hidden' })
  item = ((await api('GET', '/api/media?q=harbour')).data as { items: MediaItem[] }).items[0]!
  t.match(item.url, /^\/objects\/media\/[a-f0-9]{24}\.png$/)
  // The worker makes its AVIF/WebP sizes meanwhile; the public pages need them for <picture>.
  await variantsOf(stack.url, '/api/content/images', item.url)
})

t.test('a post: the featured image and an image inside its body from the library', async (t) => {
  await openTab('Blog')
  await page.getByRole('button', { name: 'New Blog Post' }).click()
  const editor = dialog('Create New Blog Post')
  await editor.getByLabel('Dutch title').fill('Naar de haven')
  await editor.getByLabel('English title').fill('To the harbour')
  await editor.getByLabel('Slug').fill('naar-de-haven')
  await editor.getByLabel('Dutch content').fill('<p>Een ochtend aan het water.</p>')
  await editor.getByLabel('English content').fill('<p>A morning by the water.</p>')
  await pick(editor.getByRole('button', { name: 'Choose from library' }))
  t.equal(await editor.getByLabel('Featured image URL').inputValue(), item.url, 'the featured image')
  await pick(editor.getByRole('button', { name: 'Insert image from library into the Dutch body' }))
  const body = await editor.getByLabel('Dutch content').inputValue()
  t.match(body, `<p>Een ochtend aan het water.</p>`, 'the text is kept')
  t.match(body, `<img src="${item.url}"`, 'the image at its end')
  t.equal(await editor.getByLabel('English content').inputValue(), '<p>A morning by the water.</p>')
  await editor.getByRole('switch', { name: 'Published' }).click()
  await editor.getByRole('button', { name: 'Create Blog Post' }).click()
  await editor.waitFor({ state: 'hidden' })

  const html = await publicHtml('/blog/naar-de-haven')
  const found = pictures(html).filter((p) => p.includes(item.url))
  t.equal(found.length, 2, 'the featured image and the body image are pictures')
  for (const p of found) {
    t.match(p, /<source type="image\/avif" src[sS]et="[^"]+-w320\.avif 320w/, 'with AVIF sizes')
    t.equal(attr(imgOf(p), 'alt'), 'De haven bij zonsopgang', "the item's Dutch alt text")
  }
  const english = pictures(await publicHtml('/en/blog/naar-de-haven')).filter((p) => p.includes(item.url))
  t.equal(english.length, 1, 'the English body has no image: the featured one only')
  t.equal(attr(imgOf(english[0]!), 'alt'), 'The harbour at sunrise', 'in English on the English page')
})

t.test('a page: an image inside its body from the library', async (t) => {
  await openTab('Pages')
  await page.getByRole('button', { name: 'New Page' }).click()
  const editor = dialog('Create New Page')
  await editor.getByLabel('Slug').fill('de-haven')
  await editor.getByLabel('Dutch title').fill('De haven')
  await editor.getByLabel('English title').fill('The harbour')
  await editor.getByLabel('Dutch content').fill('<p>Waar wij werken.</p>')
  await editor.getByLabel('English content').fill('<p>Where we work.</p>')
  await pick(editor.getByRole('button', { name: 'Insert image from library into the English body' }))
  t.match(await editor.getByLabel('English content').inputValue(), `<img src="${item.url}"`)
  t.equal(await editor.getByLabel('Dutch content').inputValue(), '<p>Waar wij werken.</p>', 'only that body')
  await editor.getByRole('button', { name: 'Create Page' }).click()
  await editor.waitFor({ state: 'hidden' })

  const found = pictures(await publicHtml('/en/pages/de-haven'))
  t.equal(found.length, 1, 'the body image is a picture')
  t.match(found[0], /<source type="image\/webp" src[sS]et="[^"]+-w640\.webp 640w/)
  t.equal(attr(imgOf(found[0]!), 'alt'), 'The harbour at sunrise', "the item's English alt text")
})

t.test(
  'the Media tab lists the post and the page under "Used by" as links, and refuses the delete',
  async (t) => {
    await openTab('Media')
    await tile('harbour.png').click()
    const detail = dialog('harbour.png')
    const usedBy = detail.getByTestId('media-used-by')
    await usedBy.getByText('Post: Naar de haven').waitFor()
    await usedBy.getByText('Page: De haven').waitFor()
    await detail.getByTestId('media-in-use').waitFor()
    t.ok(await detail.getByRole('button', { name: 'Delete file' }).isDisabled(), 'delete refused while used')
    const refused = await api('DELETE', `/api/media/${item.id}`)
    t.equal(refused.status, 409, 'the API refuses it too')
    t.match((refused.data as { message: string }).message, /Naar de haven|De haven/)
    // Each place is a link to the tab that edits it (issue 49 #14).
    t.equal(await usedBy.getByRole('link', { name: 'Naar de haven' }).getAttribute('href'), '/admin?tab=blog')
    await usedBy.getByRole('link', { name: 'De haven', exact: true }).click()
    await page.getByRole('tabpanel', { name: 'Pages' }).waitFor()
    await detail.waitFor({ state: 'hidden' })
    t.equal(new URL(page.url()).searchParams.get('tab'), 'pages', 'the Pages tab, in the URL')
    t.same(errors, [], 'no page errors')
  },
)
