// @tier stack
// What a new visitor trips over (issue 49), walked in Chromium on the whole stack at 1280 × 900
// and on a 390 × 844 phone: section links land on their section on the first click, the chat
// button covers no control, pages that do not exist say so, focus returns to the opener, the phone
// menu closes on Escape, a Dutch post under /de/ says why it is Dutch, a preview offers no sharing,
// and the chat's offline answers show links and lists.
import t from 'tap'
import type { BlogPost, PreviewLink } from '@site/contracts'
import { launchBrowser } from '../helpers/browser.js'
import { expectLandsOn, PHONE, scrollSettled, scrollToEnd, underChatButton } from '../helpers/page-checks.js'
import { startStack } from '../helpers/stack.js'
import { adminApi, POST } from './api.js'

const stack = await startStack({ only: ['auth', 'content', 'blog', 'chat', 'web', 'gateway'] })
t.teardown(() => stack.stop())
const api = await adminApi(stack, 'trip-admin', 'a-long-password-for-trips')
// 13 published posts: two pages of 12 on /blog. POST has no German fields.
for (let i = 1; i <= 13; i++) {
  await api.post<BlogPost>('/api/blog', {
    ...POST,
    slug: `post-${i}`,
    title_nl: `Bericht ${i}`,
    title_en: `Post ${i}`,
  })
}
const draft = await api.post<BlogPost>('/api/blog', { ...POST, slug: 'draft-trip', published: false })
const preview = await api.post<PreviewLink>(`/api/blog/${draft.id}/preview`, {})
for (const path of ['/api/content', '/api/features', '/api/projects', '/api/pages', '/api/blog']) {
  for (let i = 0; i < 120; i++) {
    const res = await fetch(stack.url + path).catch(() => null)
    if (res?.ok) break
    await new Promise((r) => setTimeout(r, 500))
  }
}
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())

t.test(
  '#1 the first click on Tools or Methodology lands on its section (desktop and phone menu)',
  async (t) => {
    for (const [path, label, id] of [
      ['/', 'Tools', 'tools'],
      ['/en/', 'Tools', 'tools'],
      ['/', 'Werkwijze', 'werkwijze'],
    ] as const) {
      const page = await browser.newPage()
      await page.goto(path)
      await page.getByTestId('footer').waitFor({ state: 'attached' })
      await page.locator('header.topbar nav').getByRole('button', { name: label, exact: true }).click()
      await expectLandsOn(t, page, id, `desktop ${path} ${label}`)
      await page.close()
    }
    for (const [label, id] of [
      ['Tools', 'tools'],
      ['Werkwijze', 'werkwijze'],
    ] as const) {
      const page = await browser.newPage({ viewport: PHONE })
      await page.goto('/')
      await page.getByTestId('footer').waitFor({ state: 'attached' })
      await page.locator('.topbar__menu-button').click()
      await page.locator('#mobile-menu').getByRole('button', { name: label, exact: true }).click()
      await expectLandsOn(t, page, id, `phone menu ${label}`)
      await page.close()
    }
  },
)

t.test('#2 on a phone the chat button covers no control', async (t) => {
  const page = await browser.newPage({ viewport: PHONE })
  await page.goto('/')
  await page.getByTestId('chat-launcher').waitFor()
  t.same(await underChatButton(page), [], '/ at the top (the hero and its call to action)')
  await scrollToEnd(page)
  t.same(await underChatButton(page), [], '/ at the end (footer, back to top)')

  await page.goto('/blog?page=2')
  await page.getByTestId('blog-pagination').waitFor()
  await scrollToEnd(page)
  t.same(await underChatButton(page), [], '/blog?page=2 at the end (the pager)')
  // Scrolled just into view from above, as a finger or the keyboard brings it.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.getByTestId('blog-pagination').getByRole('link').first().focus()
  await scrollSettled(page)
  t.same(await underChatButton(page), [], 'the pager brought into view by focus')
  await page.close()
})

t.test('#12 a page number that is no page says so, with the status 404', async (t) => {
  const page = await browser.newPage()
  const past = await page.goto('/blog?page=3')
  t.equal(past?.status(), 404, 'one past the end: 404')
  const missing = page.getByTestId('blog-page-missing')
  await missing.waitFor()
  t.match(await missing.innerText(), /Deze pagina bestaat niet[\s\S]*De blog heeft 2 pagina's/)
  t.equal(
    await missing.getByRole('link', { name: 'Naar de laatste pagina' }).getAttribute('href'),
    '/blog?page=2',
  )
  t.equal(await page.getByTestId('blog-empty').count(), 0, 'not "no posts yet"')
  for (const value of ['0', 'abc', '999999999']) {
    const res = await page.goto(`/blog?page=${value}`)
    t.equal(res?.status(), 404, `?page=${value}: 404`)
    await page.getByTestId('blog-page-missing').waitFor()
    await page.waitForLoadState('networkidle')
    t.equal(await page.locator('.blog-card').count(), 0, `?page=${value}: no posts of page 1 shown`)
    t.equal(
      await page.getByTestId('blog-page-missing').count(),
      1,
      `?page=${value}: still says so after hydration`,
    )
  }
  await page.close()
})

t.test('#15 focus returns to the opener when a dialog closes; Escape closes the phone menu', async (t) => {
  const page = await browser.newPage()
  await page.goto('/')
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      return el && el !== document.body ? `${el.tagName.toLowerCase()} ${el.textContent?.trim()}` : 'body'
    })
  for (const name of ['Contact', 'Inloggen']) {
    const opener = page.locator('header.topbar').getByRole('button', { name, exact: true })
    await opener.click()
    await page.getByRole('dialog').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    // Radix moves focus on close in a task after the dialog leaves the DOM: wait for focus to
    // leave <body> (bounded), then say where it went.
    await page
      .waitForFunction(() => document.activeElement && document.activeElement !== document.body, null, {
        timeout: 3000,
      })
      .catch(() => undefined)
    t.equal(await focused(), `button ${name}`, `after ${name}'s dialog: focus on ${name}`)
  }

  const phone = await browser.newPage({ viewport: PHONE })
  await phone.goto('/')
  const menuButton = phone.locator('.topbar__menu-button')
  await menuButton.click()
  await phone.locator('#mobile-menu').waitFor()
  await phone.keyboard.press('Escape')
  await phone
    .locator('#mobile-menu')
    .waitFor({ state: 'detached', timeout: 3000 })
    .catch(() => undefined)
  t.equal(await phone.locator('#mobile-menu').count(), 0, 'Escape closed the phone menu')
  t.equal(await menuButton.evaluate((b) => b === document.activeElement), true, 'focus on the menu button')
  await menuButton.click()
  await phone.locator('#mobile-menu').getByRole('button', { name: 'Contact', exact: true }).click()
  await phone.getByRole('dialog').waitFor()
  await phone.keyboard.press('Escape')
  await phone.getByRole('dialog').waitFor({ state: 'hidden' })
  await phone
    .waitForFunction(() => document.activeElement && document.activeElement !== document.body, null, {
      timeout: 3000,
    })
    .catch(() => undefined)
  t.equal(
    await menuButton.evaluate((b) => b === document.activeElement),
    true,
    'a dialog opened from the phone menu returns focus to the menu button',
  )
  await phone.close()
  await page.close()
})

t.test(
  '#5 a post shown in Dutch under /de/ says it is not (yet) in German; #9 a preview has no share bar',
  async (t) => {
    const page = await browser.newPage()
    await page.goto('/de/blog/post-1')
    const notice = page.getByTestId('post-language-notice')
    await notice.waitFor()
    t.match(await notice.innerText(), /nicht auf Deutsch verfügbar/)
    t.equal(await notice.getAttribute('lang'), 'de')
    await page.getByTestId('share-buttons').waitFor()
    await page.goto('/en/blog/post-1')
    await page.locator('h1').waitFor()
    t.equal(await page.getByTestId('post-language-notice').count(), 0, 'none where the language is there')

    await page.goto(new URL(preview.url).pathname)
    await page.getByTestId('preview-bar').waitFor()
    await page.getByTestId('post-body').waitFor()
    await page.waitForLoadState('networkidle')
    t.equal(await page.getByTestId('share-buttons').count(), 0, 'the preview offers no sharing')
    await page.close()
  },
)

t.test(
  '#13 an offline chat answer shows its cited pages as links and its steps as a list; #15 rating keeps focus',
  async (t) => {
    const page = await browser.newPage()
    await page.goto('/blog')
    await page.getByTestId('chat-launcher').click()
    const panel = page.getByTestId('chat-panel')
    const input = panel.getByPlaceholder('Typ uw bericht...')
    await input.fill('Hoe werkt het gratis MVP aanbod?')
    await input.press('Enter')
    const answer = panel.getByTestId('chat-message-bot').nth(1)
    await answer.waitFor({ timeout: 30000 })
    const text = await answer.locator('.chat__bubble').innerText()
    t.notMatch(text, /\(\/[^)]*\)/, `no link targets as text: ${text}`)
    t.ok((await answer.locator('.chat__bubble ol > li').count()) >= 3, 'the three steps are list items')
    t.ok(
      (await answer.locator('.chat__bubble a[href="/#contact"]').count()) >= 1,
      'the contact form is a link',
    )

    const thumb = answer.getByRole('button', { name: 'Nuttig', exact: true })
    await thumb.focus()
    await page.keyboard.press('Enter')
    await answer.locator('.chat__rating-status').filter({ hasText: /\S/ }).waitFor()
    t.equal(
      await thumb.evaluate((b) => b === document.activeElement),
      true,
      'focus stays on the rated button',
    )
    await page.close()
  },
)

t.test(
  '#16 feature icons are SVG, the tag fallback has a srcset, gallery alt texts describe the illustrations',
  async (t) => {
    const page = await browser.newPage()
    await page.goto('/')
    const icons = page.locator('.feature-card__icon')
    await icons.first().waitFor()
    const n = await icons.count()
    t.ok(n >= 4, `${n} feature icons`)
    t.equal(await page.locator('.feature-card__icon svg').count(), n, 'each one an SVG')
    t.same(
      (await icons.allInnerTexts()).filter((s) => s.trim() !== ''),
      [],
      'no emoji text (an empty box without an emoji font)',
    )
    const alts = await page
      .getByTestId('gallery')
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt))
    t.equal(alts.length, 8)
    t.equal(alts[1], 'Een dashboard met een staafdiagram en een ringdiagram', 'what image 2 shows')
    t.notOk(
      alts.some((a) => /workshop|teamoverleg|whiteboard/i.test(a)),
      'no photos that are not there',
    )

    await page.goto('/blog/post-1')
    const image = page.locator('img.blog-post__image')
    await image.waitFor()
    t.match(await image.getAttribute('srcset'), /-400\.webp 400w, .*\.webp 800w, .*-1600\.webp 1600w/)
    t.ok(await image.getAttribute('sizes'), 'with sizes')
    const wide = await image.evaluate((img: HTMLImageElement) => img.currentSrc)
    t.match(wide, /-1600\.webp$/, 'shown wide on a desktop post: the 1,600 px one')
    await page.close()
  },
)
