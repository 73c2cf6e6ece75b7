// @tier stack
// Issue 47 #5 and #6 in the admin, in Chromium on the whole stack: the Blog tab's glossary panel
// saves the never-translate terms, a fixed translation and the German formality (a line that does
// not read is named before anything is sent); the XLIFF panel downloads the chosen post as XLIFF
// 2.0 with its HTML as inline codes, and a translated copy uploaded back lists its units as applied.
import t from 'tap'
import { axeViolations, collectPageErrors, launchBrowser, signInToAdmin } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'

const stack = await startStack()
t.teardown(() => stack.stop())
await seedAdmin(stack, 'tr-admin', 'tr-admin-password-1')
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())
const page = await browser.newPage()
const errors = collectPageErrors(page, { ignore: [/status of 401/] })

await signInToAdmin(page, 'tr-admin', 'tr-admin-password-1')
const sid = (await browser.context.cookies(stack.url)).find((c) => c.name === 'sid')
const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      Cookie: `sid=${sid?.value}`,
      ...(body ? { 'Content-Type': 'application/json', Origin: stack.url } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const created = await api('POST', '/api/blog', {
  title_nl: 'Vertaalbureau test',
  title_en: 'Agency test',
  excerpt_nl: 'Kort',
  excerpt_en: 'Short',
  content_nl: '<p>Vraag een <strong>offerte</strong> aan.</p>',
  content_en: '<p>English</p>',
})
const postId = created.body.id as string

t.test('the glossary panel saves terms, fixed translations and formality', async (t) => {
  t.equal(created.status, 201)
  await page.goto('/admin?tab=blog')
  const form = page.getByTestId('glossary-form')
  await form.waitFor()
  await form.getByLabel('Never translate (one term per line)').fill('Acme Flow\nSiteBot')
  const fixed = form.getByLabel('Fixed translations (one per line)')
  await fixed.fill('nl de offerte Angebot')
  await form.getByRole('button', { name: 'Save glossary' }).click()
  await form.getByRole('alert').filter({ hasText: 'Line 1 of the fixed translations' }).waitFor()
  t.pass('a line that does not read is named')
  await fixed.fill('nl de offerte = Angebot')
  await form.getByLabel('Formality in German (de)').selectOption('formal')
  await form.getByRole('button', { name: 'Save glossary' }).click()
  await page.getByTestId('toast').filter({ hasText: 'Glossary saved' }).waitFor()
  const saved = await api('GET', '/api/blog/glossary')
  t.match(saved.body, {
    never_translate: ['Acme Flow', 'SiteBot'],
    fixed: [{ from: 'nl', to: 'de', source: 'offerte', target: 'Angebot' }],
    formality: { nl: null, de: 'formal' },
  })
  t.same(await axeViolations(page), [], 'axe: the Blog tab with both panels')
})

t.test('the XLIFF panel downloads the chosen post and imports the translation', async (t) => {
  const panel = page.getByTestId('xliff-panel')
  await panel.getByLabel('Vertaalbureau test').check()
  await panel.getByLabel('Translate into').selectOption('de')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download XLIFF' }).click(),
  ])
  t.equal(download.suggestedFilename(), 'posts.de.xlf')
  const chunks: Buffer[] = []
  for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer)
  const xlf = Buffer.concat(chunks).toString('utf8')
  t.match(xlf, /<xliff version="2.0" srcLang="nl" trgLang="de"/)
  t.match(xlf, new RegExp(`<file id="${postId}"`))
  t.match(
    xlf,
    /Vraag een <pc id="2" type="fmt" dispStart="&lt;strong&gt;" dispEnd="&lt;\/strong&gt;">offerte<\/pc> aan\./,
  )

  // The agency's tool: each source copied into a target, the text translated.
  const translated = xlf.replace(/<source>([\s\S]*?)<\/source>/g, (_, inner: string) => {
    const de = inner
      .replace('Vertaalbureau test', 'Übersetzungsbüro-Test')
      .replace('Kort', 'Kurz')
      .replace('Vraag een ', 'Fordern Sie ein ')
      .replace('>offerte<', '>Angebot<')
      .replace(' aan.', ' an.')
    return `<source>${inner}</source><target>${de}</target>`
  })
  await panel.getByLabel('Import a translated XLIFF file').setInputFiles({
    name: 'posts.de.xlf',
    mimeType: 'application/xliff+xml',
    buffer: Buffer.from(translated),
  })
  await panel.getByTestId('xliff-result').filter({ hasText: '3 units applied, 0 refused.' }).waitFor()
  const post = await api('GET', `/api/blog/${postId}`)
  t.equal(post.body.title_de, 'Übersetzungsbüro-Test')
  t.equal(post.body.content_de, '<p>Fordern Sie ein <strong>Angebot</strong> an.</p>')
  t.same(errors, [], 'no page errors')
})
