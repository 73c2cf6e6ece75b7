// @tier stack
// The Media tab as an admin uses it (real stack, content worker included, real Chromium): upload by
// the file picker and by drag-and-drop, find by name, describe (alt texts), use it in a project
// through "Choose from library", see where it is used, be refused the delete while it is, then
// delete it.
import t from 'tap'
import { axeViolations, collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'
import { makePng } from './fixtures.js'

const USER = 'media-admin'
const PASSWORD = 'media-test-password-1'
// contact: the admin's Blog tab reads each post's views from it (analytics, issue 48).
const stack = await startStack({
  only: ['auth', 'content', 'content-worker', 'blog', 'web', 'contact', 'gateway'],
})
t.teardown(() => stack.stop())
await seedAdmin(stack, USER, PASSWORD)
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())
const page = await browser.newPage()
const errors = collectPageErrors(page, { ignore: [/status of 401/, /status of 409/] })

const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text })
const grid = () => page.getByTestId('media-grid')
const tile = (name: string) => page.getByRole('button', { name: `Details of ${name}`, exact: true })
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
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

t.test('sign in and upload with the file picker and by dropping a file, with progress', async (t) => {
  await page.goto('/admin')
  const login = page.getByRole('dialog', { name: 'Admin Login' })
  await login.getByLabel('Username').fill(USER)
  await login.getByLabel('Password').fill(PASSWORD)
  await login.getByRole('button', { name: 'Login', exact: true }).click()
  await login.waitFor({ state: 'hidden' })
  await openTab('Media')
  await page.getByText('No media files yet').waitFor()

  await page.getByTestId('media-input').setInputFiles([
    { name: 'team-photo.png', mimeType: 'image/png', buffer: makePng(640, 480) },
    { name: 'brochure.pdf', mimeType: 'application/pdf', buffer: pdf },
  ])
  await toast('2 files uploaded').waitFor()
  await tile('team-photo.png').waitFor()
  await tile('brochure.pdf').waitFor()

  // Drag and drop: a DataTransfer with a file, dropped on the zone.
  const dropped = await page.evaluateHandle(
    (bytes) => {
      const dt = new DataTransfer()
      dt.items.add(new File([new Uint8Array(bytes)], 'office.png', { type: 'image/png' }))
      return dt
    },
    [...makePng(320, 200)],
  )
  await page.getByTestId('media-dropzone').dispatchEvent('drop', { dataTransfer: dropped })
  await toast('File uploaded').waitFor()
  await tile('office.png').waitFor()
  t.equal(await grid().getByRole('listitem').count(), 3, 'three items in the grid')

  const tooBig = await page.getByTestId('media-input').evaluate((input: HTMLInputElement) => input.accept)
  t.match(tooBig, /application\/pdf/, 'the picker offers PDFs and videos too')
  t.same(await axeViolations(page), [], 'axe: the Media tab')
})

t.test("a visitor's PDF viewer (or video player) gets the byte ranges it asks for", async (t) => {
  const { data } = await api('GET', '/api/media?pageSize=50')
  const item = (data as { items: { name: string; url: string }[] }).items.find(
    (i) => i.name === 'brochure.pdf',
  )
  const url = stack.url + item!.url
  const whole = await fetch(url)
  t.equal(whole.status, 200)
  t.equal(whole.headers.get('accept-ranges'), 'bytes')
  t.equal(Buffer.from(await whole.arrayBuffer()).length, pdf.length)
  await (await fetch(url)).arrayBuffer()
  // Asked again after the gateway keeps the whole file: still the part. A range request goes out
  // with Accept-Encoding: identity (as a browser's does), another key than the kept copy's, so the
  // content service answers it; its 206 is never kept.
  const part = await fetch(url, { headers: { range: 'bytes=0-7' } })
  t.equal(part.status, 206)
  t.equal(part.headers.get('content-range'), `bytes 0-7/${pdf.length}`)
  t.equal(await part.text(), '%PDF-1.4')
  t.match(part.headers.get('cache-status'), /^gateway; fwd=uri-miss; fwd-status=206$/)
})

t.test('find by name, describe in three languages', async (t) => {
  await page.getByRole('searchbox', { name: 'Search by file name' }).fill('TEAM')
  await tile('office.png').waitFor({ state: 'detached' })
  await tile('brochure.pdf').waitFor({ state: 'detached' })
  await tile('team-photo.png').waitFor()
  t.equal(await grid().getByRole('listitem').count(), 1, 'only the matching file')
  await tile('team-photo.png').click()
  const detail = page.getByRole('dialog', { name: 'team-photo.png' })
  await detail.getByText('Not used anywhere').waitFor()
  await detail.getByLabel('Alt text (Dutch)').fill('Het team aan tafel')
  await detail.getByLabel('Alt text (English)').fill('The team at the table')
  await detail.getByRole('button', { name: 'Save alt texts' }).click()
  await toast('Alt texts saved').waitFor()
  await detail.getByRole('button', { name: 'Copy URL' }).click()
  await toast('URL copied').waitFor()
  t.same(await axeViolations(page), [], 'axe: the detail view')
  await detail.getByRole('button', { name: 'Close' }).click()
  await detail.waitFor({ state: 'hidden' })
  const { data } = await api('GET', '/api/media?q=team')
  t.match((data as { items: unknown[] }).items[0], {
    alt_nl: 'Het team aan tafel',
    alt_en: 'The team at the table',
    alt_de: null,
  })
  await page.getByRole('searchbox', { name: 'Search by file name' }).fill('')
  await tile('office.png').waitFor()
})

t.test('use it in a project from the library; a used item cannot be deleted', async (t) => {
  await openTab('Projects')
  await page.getByRole('button', { name: 'New Project' }).click()
  const d = page.getByRole('dialog', { name: 'Create New Project' })
  await d.getByLabel('Title').fill('Webshop')
  await d.getByLabel('Description').fill('A shop built in five days')
  await d.getByRole('button', { name: 'Choose from library' }).click()
  const picker = page.getByRole('dialog', { name: 'Choose an image from the library' })
  t.equal(await picker.getByRole('button', { name: 'Use brochure.pdf' }).count(), 0, 'images only')
  await picker.getByRole('button', { name: 'Use team-photo.png' }).click()
  await picker.waitFor({ state: 'hidden' })
  t.match(await d.getByTestId('project-image-preview').getAttribute('src'), /^\/objects\/media\//)
  await d.getByRole('button', { name: 'Create Project' }).click()
  await d.waitFor({ state: 'hidden' })

  await openTab('Media')
  await tile('team-photo.png').click()
  const detail = page.getByRole('dialog', { name: 'team-photo.png' })
  await detail.getByTestId('media-used-by').getByText('Project: Webshop').waitFor()
  await detail.getByTestId('media-in-use').waitFor()
  t.ok(await detail.getByRole('button', { name: 'Delete file' }).isDisabled(), 'delete refused while used')
  const id = ((await api('GET', '/api/media?q=team')).data as { items: { id: string }[] }).items[0]!.id
  const refused = await api('DELETE', `/api/media/${id}`)
  t.equal(refused.status, 409, 'the API refuses it too')
  t.match((refused.data as { message: string }).message, /project "Webshop"/)
  await detail.getByRole('button', { name: 'Close' }).click()
  await detail.waitFor({ state: 'hidden' })
})

t.test('once no longer used, delete warns and removes it', async (t) => {
  const projects = (await api('GET', '/api/projects')).data as { items: { id: string }[] }
  for (const p of projects.items) await api('DELETE', `/api/projects/${p.id}`)
  await page.reload()
  await openTab('Media')
  await tile('team-photo.png').click()
  const detail = page.getByRole('dialog', { name: 'team-photo.png' })
  await detail.getByText('Not used anywhere').waitFor()
  await detail.getByRole('button', { name: 'Delete file' }).click()
  const confirm = page.getByRole('alertdialog')
  await confirm.getByText('"team-photo.png" will be deleted').waitFor()
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await toast('File deleted').waitFor()
  await tile('team-photo.png').waitFor({ state: 'detached' })
  t.equal(await grid().getByRole('listitem').count(), 2)
  t.same(errors, [], 'no page errors')
})
