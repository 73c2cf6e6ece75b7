// @tier stack
// Links to a home page section (/#werkwijze, /#contact) from the top bar, the footer, the chat and
// typed in directly reach the section, also when the home page's content arrives late after a
// client-side navigation: the test holds GET /api/content in the browser until the page has drawn
// its loading state.
import t from 'tap'
import type { Page } from 'playwright-core'
import { collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { startStack } from '../helpers/stack.js'

// Only what the home page, the blog list and the chat need (the workers and contact stay off).
const stack = await startStack({ only: ['auth', 'content', 'blog', 'chat', 'web', 'gateway'] })
t.teardown(() => stack.stop())
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())
const IGNORE = [/status of 401/] // GET /api/auth/user while signed out
// The first reads seed the content service's defaults: done here, so the page's own reads are quick
// and only the one the test holds is late.
for (const path of ['/api/content', '/api/features', '/api/projects', '/api/pages', '/api/blog']) {
  for (let i = 0; i < 120; i++) {
    const res = await fetch(stack.url + path).catch(() => null)
    if (res?.ok) break
    await new Promise((r) => setTimeout(r, 500))
  }
}

/** Holds the home page's content call until release() (a slow connection). */
async function holdContent(page: Page) {
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  let asked = false
  await page.route('**/api/content', async (route) => {
    asked = true
    await held
    await route.continue()
  })
  return {
    release,
    /** Resolves once the page has asked for the content (and is waiting for it). */
    asked: async () => {
      for (let i = 0; i < 300 && !asked; i++) await new Promise((r) => setTimeout(r, 50))
      return asked
    },
  }
}

/** The section's top relative to the viewport and the page's scroll position. */
const where = (page: Page, id: string) =>
  page.evaluate((id) => {
    const el = document.getElementById(id)
    return {
      top: el ? Math.round(el.getBoundingClientRect().top) : null,
      scrollY: Math.round(window.scrollY),
    }
  }, id)

/** Waits until section `id` is at the top of the viewport (a smooth scroll has ended there). */
async function waitAtTop(page: Page, id: string) {
  await page
    .waitForFunction(
      (id) => {
        const top = document.getElementById(id)?.getBoundingClientRect().top
        return top !== undefined && window.scrollY > 0 && top > -2 && top < 150
      },
      id,
      { timeout: 60000 },
    )
    .catch(async (err: Error) => {
      throw new Error(`${err.message}; section ${id}: ${JSON.stringify(await where(page, id))}`)
    })
}

t.test(
  'top bar: Werkwijze from /blog scrolls to the section once the home page has its content',
  async (t) => {
    const page = await browser.newPage()
    const errors = collectPageErrors(page, { ignore: IGNORE })
    await page.goto('/blog')
    await page.getByRole('heading', { level: 1, name: 'Onze Blog' }).waitFor()
    const content = await holdContent(page)
    await page.locator('header.topbar').getByRole('button', { name: 'Werkwijze', exact: true }).click()
    await page.waitForURL(/\/#werkwijze$/)
    t.ok(await content.asked(), 'the home page waits for its content')
    await page.getByTestId('home-skeleton').waitFor()
    content.release()
    await waitAtTop(page, 'werkwijze')
    const at = await where(page, 'werkwijze')
    t.ok(at.scrollY > 0 && at.top !== null && at.top < 150, `section at the top (${JSON.stringify(at)})`)
    t.same(errors, [])
    await page.close()
  },
)

// Since the public pages are rendered on the server, a direct open carries the home's
// content in its HTML: the section exists before any script runs, and hydration must not lose it.
t.test('/#contact opened directly reaches the section', async (t) => {
  const page = await browser.newPage()
  await page.goto('/#contact')
  await waitAtTop(page, 'contact')
  t.ok((await where(page, 'contact')).scrollY > 900, 'scrolled far down to the contact section')
  await page.close()
})

t.test("footer links and the chat's /#contact link reach their section", async (t) => {
  const page = await browser.newPage()
  await page.goto('/')
  await page.getByTestId('footer').waitFor({ timeout: 60000 })
  await page.getByTestId('footer').getByRole('link', { name: 'Werkwijze', exact: true }).click()
  await waitAtTop(page, 'werkwijze')
  t.pass('footer: Werkwijze')

  // The chat on another page answers with a link to the consultation form.
  await page.goto('/blog')
  await page.getByRole('heading', { level: 1, name: 'Onze Blog' }).waitFor()
  const content = await holdContent(page)
  await page.getByTestId('chat-launcher').click()
  const panel = page.getByTestId('chat-panel')
  await panel.getByPlaceholder('Typ uw bericht...').fill('Ik wil een gratis adviesgesprek plannen')
  await panel.getByPlaceholder('Typ uw bericht...').press('Enter')
  const link = panel.getByTestId('chat-message-bot').locator('a[href="/#contact"]').first()
  await link.waitFor({ timeout: 30000 })
  await link.click()
  await page.waitForURL(/\/#contact$/)
  content.release()
  await waitAtTop(page, 'contact')
  t.pass('chat: /#contact')
  await page.close()
})
