// @tier stack
// The public site in a real browser against the real stack, signed out: every public route renders
// its spec texts in nl, en and de (with the nl fallback of posts), the language persists across
// reloads, both contact forms (success and failure toasts), the chat widget (send, typing, answer,
// Enter/Shift+Enter, the four error texts of spec §8), the mobile menu at a phone viewport, share
// links, meta tags, and axe-core on every screen.
import t from 'tap'
import type { Page } from 'playwright-core'
import { axeViolations, collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { startStack } from '../helpers/stack.js'
import { adminApi, PAGE, POST, PROJECT } from './api.js'

const TEXTS = {
  nl: {
    cta: 'Plan een gratis adviesgesprek',
    examples: 'Bekijk voorbeelden',
    methodology: 'werkwijze',
    projects: 'Onze Projecten',
    blog: 'Onze Blog',
    readMore: 'Lees meer',
    more: '+2 meer',
    post: 'Een AI-prototype in dagen',
    body: 'Nederlandse inhoud van het bericht.',
    notFound: 'Blogbericht niet gevonden',
    page: 'Privacyverklaring',
    demo: 'Bekijk demo',
    visit: 'Bezoeken',
    date: /^\d{1,2} [a-z]+ \d{4}$/,
  },
  en: {
    cta: 'Schedule free consultation',
    examples: 'View examples',
    methodology: 'methodology',
    projects: 'Our Projects',
    blog: 'Our Blog',
    readMore: 'Read more',
    more: '+2 more',
    post: 'An AI prototype in days',
    body: 'English body of the post.',
    notFound: 'Blog post not found',
    page: 'Privacy statement',
    demo: 'Watch Demo',
    visit: 'Visit',
    date: /^[A-Z][a-z]+ \d{1,2}, \d{4}$/,
  },
  // No German fields on the post: title and body fall back to Dutch (spec §2).
  de: {
    cta: 'Kostenlose Beratung vereinbaren',
    examples: 'Beispiele ansehen',
    methodology: 'methodik',
    projects: 'Unsere Projekte',
    blog: 'Unser Blog',
    readMore: 'Weiterlesen',
    more: '+2 weitere',
    post: 'Een AI-prototype in dagen',
    body: 'Nederlandse inhoud van het bericht.',
    notFound: 'Blogbeitrag nicht gefunden',
    page: 'Datenschutzerklärung',
    demo: 'Demo ansehen',
    visit: 'Besuchen',
    date: /^\d{1,2}\. [A-Za-zä]+ \d{4}$/,
  },
} as const
type Lang = keyof typeof TEXTS

const stack = await startStack({ env: { CONTACT_RATE_LIMIT: '50' } })
t.teardown(() => stack.stop())
const api = await adminApi(stack, 'site-admin', 'site-test-password-1')
await api.post('/api/blog', POST)
await api.post('/api/pages', PAGE)
await api.post('/api/projects', PROJECT)
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())

const IGNORE = [/status of 401/] // GET /api/auth/user while signed out
const toast = (page: Page, title: string, description?: string) =>
  page
    .getByTestId('toast')
    .filter({ hasText: title })
    .filter({ hasText: description ?? title })
    .waitFor()
const meta = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '')

async function setLanguage(page: Page, lang: Lang) {
  await page.evaluate((l) => localStorage.setItem('language', l), lang)
}

t.test('every public route renders its texts in nl, en and de; axe clean', async (t) => {
  const page = await browser.newPage()
  const errors = collectPageErrors(page, { ignore: [...IGNORE, /status of 404/] })
  await page.goto('/')
  t.teardown(async () => {
    if (!t.passing()) {
      await page.screenshot({ path: 'web/test/public/.failure.png' }).catch(() => undefined)
      console.error(
        'URL',
        page.url(),
        (
          await page
            .locator('main')
            .innerText()
            .catch(() => '')
        ).slice(0, 600),
      )
    }
  })
  for (const lang of ['nl', 'en', 'de'] as const) {
    const x = TEXTS[lang]
    await setLanguage(page, lang)
    await page.goto('/')
    await page.getByRole('button', { name: x.cta }).waitFor()
    await page.getByRole('link', { name: x.examples }).waitFor()
    for (const id of [x.methodology, 'tools', 'contact'])
      t.equal(await page.locator(`section#${id}`).count(), 1, `${lang}: section #${id}`)
    t.equal(await page.locator('[data-testid=gallery] img').count(), 8, `${lang}: 8 gallery cards`)
    await page.getByTestId('latest-blog').getByText(x.post).waitFor()
    await page.getByTestId('home-projects').getByText(PROJECT.title).waitFor()
    await page.getByTestId('footer').getByRole('link', { name: x.page }).waitFor()
    t.equal(
      await page
        .locator('.hero__image')
        .first()
        .evaluate((el) => getComputedStyle(el).opacity),
      '0.15',
      `${lang}: hero image opacity 0.15`,
    )
    if (lang === 'nl') t.same(await axeViolations(page), [], 'axe: / (nl)')

    await page.goto('/projects')
    await page.getByRole('heading', { level: 1, name: x.projects }).waitFor()
    const card = page.getByTestId('project-card').first()
    await card.getByRole('link', { name: x.demo }).waitFor()
    t.equal(
      await card.getByRole('link', { name: x.visit }).getAttribute('target'),
      '_blank',
      `${lang}: Visit opens a new tab`,
    )
    if (lang === 'nl') t.same(await axeViolations(page), [], 'axe: /projects')

    await page.goto('/blog')
    await page.getByRole('heading', { level: 1, name: x.blog }).waitFor()
    const post = page.getByTestId('blog-card').first()
    await post.getByRole('heading', { name: x.post }).waitFor()
    await post.getByText(x.readMore).waitFor()
    await post.getByText(x.more, { exact: true }).waitFor()
    t.match(await post.locator('time').textContent(), x.date, `${lang}: long date`)
    t.match(await post.locator('img').getAttribute('src'), /ai-development/, 'tag fallback image (ai)')
    if (lang === 'nl') t.same(await axeViolations(page), [], 'axe: /blog')

    await page.goto(`/blog/${POST.slug}`)
    await page.getByRole('heading', { level: 1, name: x.post }).waitFor()
    await page.getByTestId('post-body').getByText(x.body).waitFor()
    t.equal(await page.title(), `${x.post} | Software & Automation`, `${lang}: document.title of the post`)
    if (lang === 'en') t.equal(await meta(page), POST.meta_description_en, 'meta description of the post')
    if (lang === 'nl') t.same(await axeViolations(page), [], 'axe: /blog/:slug')

    await page.goto('/blog/no-such-post')
    await page.getByRole('heading', { level: 1, name: x.notFound }).waitFor()
    await page.getByTestId('post-not-found').getByRole('link').first().waitFor()

    await page.goto(`/pages/${PAGE.slug}`)
    await page.getByRole('heading', { level: 1, name: x.page }).waitFor()
    if (lang === 'en') t.equal(await meta(page), PAGE.meta_description_en, 'meta description of the page')
    if (lang === 'nl') t.same(await axeViolations(page), [], 'axe: /pages/:slug')
    await page.goto('/pages/nope')
    await page.getByTestId('page-not-found').waitFor()
    t.pass(`${lang}: all public routes`)
  }
  t.same(errors, [], 'no page or console errors')
  await page.close()
})

t.test('share buttons link to the networks with the post URL; copy link copies it', async (t) => {
  const page = await browser.newPage()
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url })
  await setLanguageFresh(page, 'nl')
  await page.goto(`/blog/${POST.slug}`)
  const url = `${stack.url}/blog/${POST.slug}`
  const enc = encodeURIComponent(url)
  await page.getByTestId('share-buttons').waitFor()
  t.match(
    await page.getByTestId('share-linkedin').getAttribute('href'),
    `https://www.linkedin.com/sharing/share-offsite/?url=${enc}`,
  )
  t.match(
    await page.getByTestId('share-x').getAttribute('href'),
    `https://twitter.com/intent/tweet?url=${enc}`,
  )
  t.match(
    await page.getByTestId('share-facebook').getAttribute('href'),
    `https://www.facebook.com/sharer/sharer.php?u=${enc}`,
  )
  t.match(await page.getByTestId('share-whatsapp').getAttribute('href'), 'https://wa.me/?text=')
  t.match(await page.getByTestId('share-email').getAttribute('href'), /^mailto:\?subject=/)
  await page.getByTestId('share-copy').click()
  await toast(page, 'Link gekopieerd')
  t.equal(await page.evaluate(() => navigator.clipboard.readText()), url, 'the post URL is on the clipboard')
  await page.close()
})

t.test('the language choice persists across reloads', async (t) => {
  const page = await browser.newPage()
  await setLanguageFresh(page, 'nl')
  await page.goto('/blog')
  await page.getByRole('heading', { level: 1, name: 'Onze Blog' }).waitFor()
  await page.locator('header.topbar').getByTestId('language-switcher').click()
  await page.getByTestId('language-en').click()
  await page.getByRole('heading', { level: 1, name: 'Our Blog' }).waitFor()
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Our Blog' }).waitFor()
  t.equal(await page.evaluate(() => localStorage.getItem('language')), 'en')
  await page.close()
})

t.test('consultation dialog and home contact form: success and failure toasts', async (t) => {
  const page = await browser.newPage()
  await setLanguageFresh(page, 'en')
  await page.getByRole('button', { name: 'Schedule free consultation' }).click()
  const dialog = page.getByRole('dialog', { name: 'Free consultation' })
  await dialog.getByText("Tell us about your idea and we'll get back to you within 24 hours.").waitFor()
  t.equal(
    await dialog.getByLabel('Tell us about your project').getAttribute('rows'),
    '4',
    'dialog message: 4 rows',
  )
  t.same(await axeViolations(page), [], 'axe: consultation dialog')
  // Validation failure: the generic error toast, form kept.
  await dialog.getByLabel('Name').fill('Ada')
  await dialog.getByLabel('Email').fill('not-an-email')
  await dialog.getByLabel('Tell us about your project').fill('A chatbot for our shop')
  await dialog.getByRole('button', { name: 'Send message' }).click()
  await toast(page, 'Error', 'Something went wrong. Please try again.')
  t.equal(await dialog.getByLabel('Name').inputValue(), 'Ada', 'form kept after a failure')
  // Request failure.
  await dialog.getByLabel('Email').fill('ada@example.com')
  await page.route('**/api/contacts', (r) =>
    r.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"statusCode":500,"error":"Internal Server Error","message":"boom"}',
    }),
  )
  // Waits for the 500 itself: the validation failure's error toast may still be showing, and a
  // request still in flight when the route below is replaced would be held by it for good.
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/contacts') && r.status() === 500),
    dialog.getByRole('button', { name: 'Send message' }).click(),
  ])
  await toast(page, 'Error')
  await dialog.getByRole('button', { name: 'Send message' }).waitFor()
  t.equal(await dialog.getByLabel('Email').inputValue(), 'ada@example.com', 'form kept after a failed call')
  await page.unroute('**/api/contacts')
  // Success: 'Sending...' while pending, toast, dialog closes, form cleared.
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  await page.route('**/api/contacts', async (r) => {
    await held
    await r.continue()
  })
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/contacts') && r.method() === 'POST')
  await dialog.getByRole('button', { name: 'Send message' }).click()
  await dialog.getByRole('button', { name: 'Sending...' }).waitFor()
  t.ok(await dialog.getByRole('button', { name: 'Sending...' }).isDisabled(), 'submit disabled while pending')
  release()
  await toast(page, 'Success', "Message sent! We'll get back to you within 24 hours.")
  await dialog.waitFor({ state: 'hidden' })
  await page.unroute('**/api/contacts')
  // The form solved the proof of work while the visitor typed; the same proof again, or none, is refused.
  const body = (await sent).postDataJSON() as Record<string, unknown>
  const proof = JSON.parse(atob(String(body.altcha))) as { algorithm: string; number: number }
  t.match(proof, { algorithm: 'SHA-256', number: Number }, 'the request carries its solved proof')
  const again = async (altcha: unknown) => {
    const res = await fetch(`${stack.url}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ ...body, message: `${String(body.message)} (again)`, altcha }),
    })
    return { status: res.status, ...((await res.json()) as { code?: string; message?: string }) }
  }
  t.match(await again(body.altcha), { status: 409, code: 'PROOF_USED', message: /already sent/ }, 'replayed')
  t.match(await again(undefined), { status: 400, code: 'PROOF_REQUIRED', message: /could not be verified/ })

  // Home contact form (nl).
  await setLanguageFresh(page, 'nl')
  const form = page.getByTestId('home-contact-form')
  t.equal(await form.getByLabel('Bericht').getAttribute('rows'), '5', 'home message: 5 rows')
  await form.getByLabel('Naam').fill('Bram')
  await form.getByLabel('E-mail').fill('bram@example.com')
  await form.getByLabel('Bericht').fill('Graag een offerte voor een automatisering')
  await page.route('**/api/contacts', (r) => r.abort('failed'))
  await form.getByRole('button', { name: 'Versturen' }).click()
  await toast(page, 'Fout', 'Er ging iets mis. Probeer het opnieuw.')
  await page.unroute('**/api/contacts')
  let release2!: () => void
  const held2 = new Promise<void>((r) => (release2 = r))
  await page.route('**/api/contacts', async (r) => {
    await held2
    await r.continue()
  })
  await form.getByRole('button', { name: 'Versturen' }).click()
  await form.getByRole('button', { name: 'Versturen...' }).waitFor()
  release2()
  await toast(page, 'Succesvol verzonden', 'Bericht verzonden! We nemen binnen 24 uur contact op.')
  t.equal(await form.getByLabel('Naam').inputValue(), '', 'form cleared after success')
  await page.unroute('**/api/contacts')
  await page.close()
})

async function setLanguageFresh(page: Page, lang: Lang) {
  await page.goto('/')
  await setLanguage(page, lang)
  // The URL decides the language (/en, /de); the stored choice brings a visitor who opens a Dutch
  // URL from outside the site to their language.
  await page.goto('/')
  await page.getByRole('button', { name: TEXTS[lang].cta }).waitFor()
}

t.test('chat widget: greeting, send, typing, answer, Enter/Shift+Enter, the four error texts', async (t) => {
  const page = await browser.newPage()
  await setLanguageFresh(page, 'nl')
  await page.getByTestId('chat-launcher').click()
  const panel = page.getByTestId('chat-panel')
  const box = await panel.boundingBox()
  t.same(box && [Math.round(box.width), Math.round(box.height)], [384, 600], 'panel 384 × 600')
  t.ok(box && box.x < 100, 'bottom-left')
  await panel.getByText('Online - We helpen u graag!').waitFor()
  await panel.getByTestId('chat-message-bot').first().waitFor()
  t.match(
    await panel.getByTestId('chat-message-bot').first().locator('time').textContent(),
    /^\d{2}:\d{2}$/,
    'Dutch hh:mm time',
  )
  const input = panel.getByPlaceholder('Typ uw bericht...')
  t.same(await axeViolations(page), [], 'axe: chat panel open')

  // Shift+Enter does not send.
  await input.fill('Wat kost een MVP?')
  await input.press('Shift+Enter')
  t.equal(await panel.getByTestId('chat-message-user').count(), 0, 'Shift+Enter does not send')

  // Enter sends; typing dots while waiting; input disabled; the answer follows.
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  const sent: unknown[] = []
  await page.route('**/api/chat', async (r) => {
    sent.push(r.request().postDataJSON())
    await held
    await r.continue()
  })
  await input.press('Enter')
  await panel.getByTestId('chat-message-user').getByText('Wat kost een MVP?').waitFor()
  await panel.getByTestId('chat-typing').waitFor()
  t.ok(await input.isDisabled(), 'input disabled while waiting')
  t.equal(await input.inputValue(), '', 'input cleared')
  release()
  await panel.getByTestId('chat-typing').waitFor({ state: 'detached' })
  t.equal(await panel.getByTestId('chat-message-bot').count(), 2, 'greeting + answer')
  const body = sent[0] as { message: string; sessionId: string; language: string }
  t.equal(body.message, 'Wat kost een MVP?')
  t.equal(body.language, 'nl', 'language fixed at nl')
  t.match(body.sessionId, /^session_\d+_[a-z0-9]+$/)
  t.equal(
    await page.evaluate(() => localStorage.getItem('chatSessionId')),
    body.sessionId,
    'session id kept in localStorage',
  )
  await page.unroute('**/api/chat')

  const cases: Array<[string, Parameters<Page['route']>[1], string]> = [
    [
      'non-ok reply',
      (r) => r.fulfill({ status: 500, body: 'oops' }),
      'Sorry, ik kan momenteel geen verbinding maken. Probeer het later opnieuw.',
    ],
    [
      'unreadable reply',
      (r) => r.fulfill({ status: 200, contentType: 'application/json', body: '{not json' }),
      'Sorry, er ging iets mis met het verwerken van het antwoord.',
    ],
    [
      'no response field',
      (r) => r.fulfill({ status: 200, contentType: 'application/json', body: '{"sources":[]}' }),
      'Ik heb je bericht ontvangen. Een moment geduld alstublieft.',
    ],
    [
      'network failure',
      (r) => r.abort('failed'),
      'Sorry, er ging iets mis. Probeer het later opnieuw of neem contact op via het contactformulier.',
    ],
  ]
  for (const [name, handler, expected] of cases) {
    await page.route('**/api/chat', handler)
    await input.fill(`test ${name}`)
    await input.press('Enter')
    await panel.getByTestId('chat-message-bot').last().getByText(expected).waitFor()
    await page.unroute('**/api/chat')
    t.pass(`${name}: "${expected}"`)
  }
  await panel.getByRole('button', { name: 'Chat sluiten' }).click()
  await panel.waitFor({ state: 'detached' })
  await page.close()
})

t.test('mobile menu at a phone viewport closes after a choice', async (t) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  await setLanguageFresh(page, 'nl')
  const open = page.getByRole('button', { name: 'Menu openen' })
  await open.click()
  const menu = page.locator('#mobile-menu')
  await menu.getByRole('button', { name: 'Werkwijze' }).waitFor()
  t.same(await axeViolations(page), [], 'axe: mobile menu open')
  await menu.getByRole('link', { name: 'Blog' }).click()
  await menu.waitFor({ state: 'detached' })
  await page.getByRole('heading', { level: 1, name: 'Onze Blog' }).waitFor()
  t.pass('closed after Blog')
  await open.click()
  await menu.getByRole('button', { name: 'Contact' }).click()
  await menu.waitFor({ state: 'detached' })
  await page.getByRole('dialog', { name: 'Gratis adviesgesprek' }).waitFor()
  t.pass('closed after Contact; the dialog opened')
  await page.keyboard.press('Escape')
  await open.click()
  await menu.getByTestId('language-switcher').click()
  await page.getByTestId('language-de').click()
  await menu.waitFor({ state: 'detached' })
  await page.getByRole('heading', { level: 1, name: 'Unser Blog' }).waitFor()
  t.pass('closed after a language choice')
  await page.close()
})
