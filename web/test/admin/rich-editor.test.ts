// @tier stack
// The post body's rich text editor (issue 49, "The editor itself") walked as an admin uses it (real
// stack, real Chromium): type, make a heading, bold text, a list and a link with the toolbar and
// Tiptap's shortcuts, insert a library image (with its Dutch alt text), paste a fragment as Word
// puts it on the clipboard (mso- styles, <o:p>, list paragraphs), see the HTML view one switch
// away, save, and find the same structure on the public page: its article body equals the
// editor's HTML after the services' sanitizer, pictures aside. The editor's code is never loaded
// by the public page.
import t from 'tap'
import type { MediaItem } from '@site/contracts'
import { sanitizeRichHtml } from '@site/service-kit'
import { axeViolations, collectPageErrors, launchBrowser, signInToAdmin } from '../helpers/browser.js'
import { variantsOf } from '../helpers/pictures.js'
import { seedAdmin, startStack } from '../helpers/stack.js'
import { makePng } from './fixtures.js'

const USER = 'editor-walk-admin'
const PASSWORD = 'editor-walk-password-1'
// contact: the admin's Blog tab reads each post's views from it (analytics, issue 48).
const stack = await startStack({
  only: ['auth', 'content', 'content-worker', 'blog', 'web', 'contact', 'gateway'],
})
t.teardown(() => stack.stop())
await seedAdmin(stack, USER, PASSWORD)
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())
const page = await browser.newPage()
const errors = collectPageErrors(page, { ignore: [/status of 401/] })
const editorChunks: string[] = []
page.on('request', (r) => {
  if (/RichEditor-[\w-]+\.js$/.test(r.url())) editorChunks.push(r.url())
})

const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text })
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true })
const mod = process.platform === 'darwin' ? 'Meta' : 'Control'

/** Word's clipboard HTML: conditional comments, namespaced tags, mso- styles, list paragraphs. */
const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">
<head><meta name=Generator content="Microsoft Word 15"><style><!-- p.MsoNormal {mso-style-parent:""; margin:0cm;} --></style></head>
<body lang=NL style='tab-interval:35.4pt'><!--StartFragment-->
<p class=MsoNormal style='margin-bottom:8.0pt;mso-add-space:auto'><b><span style='mso-ansi-language:NL'>Uit Word</span></b><span style='mso-ansi-language:NL'> met <i>schuine</i> tekst<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span style='font-family:Symbol;mso-fareast-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><!--[endif]-->Eerste punt<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;</span></span></span><!--[endif]-->Tweede punt<o:p></o:p></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoListParagraph style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;</span></span><!--[endif]-->Stap een<o:p></o:p></p>
<!--EndFragment--></body></html>`

/** Google Docs' clipboard HTML: a wrapper that is not bold, bold and italic as span styles. */
const DOCS = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-4f1e2d3c-7fff-1a2b-3c4d-5e6f7a8b9c0d"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:700;font-style:normal;vertical-align:baseline;">Bold from Docs</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;font-style:italic;vertical-align:baseline;"> and italic</span></p></b>`

let item: MediaItem

t.test('sign in and put an image with alt texts in the library', async (t) => {
  await signInToAdmin(page, USER, PASSWORD)
  await page.getByRole('tab', { name: 'Media', exact: true }).click()
  await page
    .getByTestId('media-input')
    .setInputFiles([{ name: 'pier.png', mimeType: 'image/png', buffer: makePng(1200, 800) }])
  await toast('File uploaded').waitFor()
  await page.getByRole('button', { name: 'Details of pier.png', exact: true }).click()
  const detail = dialog('pier.png')
  await detail.getByLabel('Alt text (Dutch)').fill('De pier in de mist')
  await detail.getByLabel('Alt text (English)').fill('The pier in the fog')
  await detail.getByRole('button', { name: 'Save alt texts' }).click()
  await toast('Alt texts saved').waitFor()
  await detail.getByRole('button', { name: 'Close' }).click()
  await detail.waitFor({ state: 'hidden' })
  const sid = (await browser.context.cookies(stack.url)).find((c) => c.name === 'sid')
  const res = await fetch(`${stack.url}/api/media?q=pier`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: `sid=${sid?.value}` },
  })
  item = ((await res.json()) as { items: MediaItem[] }).items[0]!
  t.ok(item, 'the library has it')
  await variantsOf(stack.url, '/api/content/images', item.url)
})

let editorHtml = ''

t.test('write a post in the editor: format, link, library image, Word paste', async (t) => {
  await page.getByRole('tab', { name: 'Blog', exact: true }).click()
  await page.getByRole('button', { name: 'New Blog Post' }).click()
  const d = dialog('Create New Blog Post')
  await d.getByLabel('Dutch title').fill('Een rijke tekst')
  await d.getByLabel('English title').fill('A rich text')
  await d.getByLabel('Slug').fill('een-rijke-tekst')
  const body = d.getByTestId('post-content_nl-body')
  const tools = body.getByRole('toolbar', { name: 'Formatting of the Dutch body' })
  // The editor is the default view, named by the field's label.
  const editor = d.getByRole('textbox', { name: 'Dutch content' })
  await editor.click()
  await page.keyboard.type('Inleiding van de tekst.')
  await page.keyboard.press('Enter')
  await tools.getByRole('button', { name: /^Heading 2/ }).click()
  await page.keyboard.type('Stap één')
  await page.keyboard.press('Enter')
  await tools.getByRole('button', { name: /^Heading 2/, pressed: false }).waitFor()
  await page.keyboard.type('Dit is ')
  await page.keyboard.press(`${mod}+b`)
  await page.keyboard.type('vet')
  await page.keyboard.press(`${mod}+b`)
  await page.keyboard.type(' en dit niet. Lees contact')
  for (let i = 0; i < 'contact'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
  await tools.getByRole('button', { name: 'Link' }).click()
  await body.getByLabel('Link address').fill('/contact')
  await body.getByLabel('Link address').press('Enter')
  // The link is made and the editor focused again (Tiptap focuses on the next frame) before typing on.
  await editor.getByRole('link', { name: 'contact' }).waitFor()
  await page.waitForFunction(() => document.activeElement?.id === 'post-content_nl')
  // Escape leaves the link form, not the post's dialog, and returns to the text.
  await tools.getByRole('button', { name: 'Link' }).click()
  t.equal(await body.getByLabel('Link address').inputValue(), '/contact', "the link's address to edit")
  await body.getByLabel('Link address').press('Escape')
  await body.getByLabel('Link address').waitFor({ state: 'detached' })
  t.ok(await d.isVisible(), 'the dialog stays open')
  await page.waitForFunction(() => document.activeElement?.id === 'post-content_nl')
  // The caret after the link, by a click at the line's end (a key could race the editor's selection).
  const line = await editor.locator('p').filter({ hasText: 'Lees contact' }).boundingBox()
  await page.mouse.click(line!.x + line!.width - 2, line!.y + line!.height / 2)
  // ProseMirror reads the browser's selection a moment after the click: Enter before that acted on
  // the link's text still selected and replaced it (a CI run lost "contact"). Wait for the editor's
  // own selection (Tiptap puts the editor on its element): collapsed at the end of that paragraph.
  await page.waitForFunction(() => {
    type Sel = {
      empty: boolean
      $from: { parentOffset: number; parent: { textContent: string; content: { size: number } } }
    }
    const el = document.getElementById('post-content_nl') as
      (HTMLElement & { editor?: { state: { selection: Sel } } }) | null
    const sel = el?.editor?.state.selection
    return (
      !!sel &&
      sel.empty &&
      sel.$from.parent.textContent.endsWith('Lees contact') &&
      sel.$from.parentOffset === sel.$from.parent.content.size
    )
  })
  await page.keyboard.press('Enter')
  await tools.getByRole('button', { name: /^Bulleted list/ }).click()
  await page.keyboard.type('een')
  await page.keyboard.press('Enter')
  await page.keyboard.type('twee')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  // Word's fragment pasted where the cursor is (after the list), as Chromium hands it to the page.
  await editor.evaluate((el, html) => {
    const data = new DataTransfer()
    data.setData('text/html', html)
    data.setData('text/plain', 'Uit Word met schuine tekst')
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, WORD)
  await editor.getByText('Stap een').waitFor()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await body.getByRole('button', { name: 'Insert image from library into the Dutch body' }).click()
  const picker = dialog('Choose an image from the library')
  await picker.getByRole('button', { name: 'Use pier.png' }).click()
  await picker.waitFor({ state: 'hidden' })
  // The image is selected after the insert, the editor focused: its alt text, in the body's language.
  const alt = body.getByLabel('Alt text of the selected image')
  t.equal(await alt.inputValue(), 'De pier in de mist', "the library's Dutch alt text")
  // Focus is back in the editor, not on the insert button.
  await page.waitForFunction(() => document.activeElement?.id === 'post-content_nl')

  // The HTML view, one switch away: the spec's textarea with the editor's HTML.
  await body
    .getByRole('group', { name: 'View of the Dutch body' })
    .getByRole('button', { name: 'HTML' })
    .click()
  const textarea = d.getByLabel('Dutch content')
  t.equal(await textarea.getAttribute('rows'), '8', 'the textarea of 8 rows')
  editorHtml = await textarea.inputValue()
  t.match(editorHtml, /^<p>Inleiding van de tekst\.<\/p><h2>Stap één<\/h2>/, 'paragraph, then the heading')
  t.match(editorHtml, '<p>Dit is <strong>vet</strong> en dit niet. Lees <a href="/contact">contact</a></p>')
  t.match(editorHtml, '<ul><li><p>een</p></li><li><p>twee</p></li></ul>', 'the list')
  t.match(
    editorHtml,
    `<ol><li><p>Stap een</p></li></ol><img src="${item.url}" alt="De pier in de mist">`,
    'the image',
  )
  t.match(editorHtml, '<p><strong>Uit Word</strong> met <em>schuine</em> tekst</p>', "Word's marks kept")
  t.match(editorHtml, '<ul><li><p>Eerste punt</p></li><li><p>Tweede punt</p></li></ul>', "Word's bullets")
  t.match(editorHtml, '<ol><li><p>Stap een</p></li></ol>', "Word's numbered paragraph")
  t.notMatch(editorHtml, /mso-|o:p|class=|style=|<span|·|&nbsp;/, "none of Word's markup")
  // As markup (sanitize-html writes <img … />): the sanitizer keeps everything the editor writes.
  const asDom = (html: string) =>
    page.evaluate((h) => {
      const root = document.createElement('div')
      root.innerHTML = h
      return root.innerHTML
    }, html)
  t.equal(await asDom(sanitizeRichHtml(editorHtml)), await asDom(editorHtml), 'the sanitizer changes nothing')

  // Back in the editor, the English body typed in it too.
  await body
    .getByRole('group', { name: 'View of the Dutch body' })
    .getByRole('button', { name: 'Editor' })
    .click()
  await d.getByRole('textbox', { name: 'Dutch content' }).getByText('Stap een').waitFor()
  await d.getByRole('textbox', { name: 'English content' }).click()
  await page.keyboard.type('An English body.')
  await page.keyboard.press('Enter')
  // Google Docs' clipboard: the whole fragment in <b style="font-weight:normal">, marks as styles.
  await d.getByRole('textbox', { name: 'English content' }).evaluate((el, html) => {
    const data = new DataTransfer()
    data.setData('text/html', html)
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, DOCS)
  t.same(await axeViolations(page), [], 'axe: no serious/critical violations (the editors in the dialog)')
  await d.getByRole('switch', { name: 'Published' }).click()
  await d.getByRole('button', { name: 'Create Blog Post' }).click()
  await toast('Blog post created').waitFor()
  await d.waitFor({ state: 'hidden' })
})

t.test('the public page shows the same structure, without the editor', async (t) => {
  const before = editorChunks.length
  t.ok(before > 0, 'the admin loaded the editor chunk')
  const visitor = await browser.newPage()
  const chunks: string[] = []
  visitor.on('request', (r) => chunks.push(r.url()))
  await visitor.goto('/blog/een-rijke-tekst')
  const article = visitor.getByTestId('post-body')
  await article.locator('picture img').waitFor()
  // Pictures aside (the page shows a library image as <picture> with its sizes), the same HTML.
  const normalize = (el: Element, html?: string) => {
    const root = document.createElement('div')
    root.innerHTML = html ?? el.innerHTML
    root.querySelectorAll('picture').forEach((p) => p.replaceWith(...p.querySelectorAll('img')))
    // Each image as src then alt (the page's <img> carries its size and loading too).
    root.querySelectorAll('img').forEach((img) => {
      const [src, alt] = [img.getAttribute('src') ?? '', img.getAttribute('alt') ?? '']
      for (const a of [...img.attributes]) img.removeAttribute(a.name)
      img.setAttribute('src', src)
      img.setAttribute('alt', alt)
    })
    return root.innerHTML
  }
  const shown = await article.evaluate(normalize)
  const saved = await article.evaluate(normalize, sanitizeRichHtml(editorHtml))
  t.equal(shown, saved, "the article's body is the editor's HTML after sanitizing")
  t.equal(shown, await article.evaluate(normalize, editorHtml), "so it is the editor's own HTML")
  t.match(shown, '<h2>Stap één</h2>')
  t.match(shown, `<img src="${item.url}" alt="De pier in de mist">`)
  await visitor.goto('/en/blog/een-rijke-tekst')
  t.equal(
    await visitor.getByTestId('post-body').evaluate((el) => el.innerHTML),
    '<p>An English body.</p><p><strong>Bold from Docs</strong><em> and italic</em></p>',
    "Google Docs' paste: its marks, none of its styles",
  )
  t.same(
    chunks.filter((u) => /RichEditor|tiptap|prosemirror/i.test(u)),
    [],
    'the public page never loads the editor',
  )
  await visitor.close()
  t.same(errors, [], 'no page errors')
})
