// @tier stack
// A tab left open across a deploy, in a real browser against the real stack: the page it shows names
// chunks the new build no longer has. Going on to a lazy page loads that page anew (the new build's
// HTML and chunks) instead of showing the error page; a chunk missing from the new build too shows
// the error page after one reload, not a reload loop.
import t from 'tap'
import type { Page } from 'playwright-core'
import { launchBrowser } from '../helpers/browser.js'
import { startStack } from '../helpers/stack.js'

const stack = await startStack({ only: ['auth', 'content', 'blog', 'web', 'gateway'] })
t.teardown(() => stack.stop())
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())

/** Marks the document the tab shows now; `same()` is false once another document has replaced it. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as { oldDocument?: boolean }).oldDocument = true))
  return {
    same: () => page.evaluate(() => (window as { oldDocument?: boolean }).oldDocument === true),
    replaced: () => page.waitForFunction(() => (window as { oldDocument?: boolean }).oldDocument !== true),
  }
}

/**
 * The deploy, as the old tab meets it: the chunk of `name` answers 404, to the document the tab
 * shows now only (`forGood`: to every later one too, a chunk the new build lacks as well).
 */
async function chunkGone(page: Page, name: string, forGood = false) {
  const asked = { count: 0 }
  let documents = 0
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++
  })
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), (route) => {
    if (documents > 0 && !forGood) return route.continue()
    asked.count++
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' })
  })
  return asked
}

const blogLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Blog', exact: true })

t.test('a lazy page whose chunk is gone loads anew, at the page the visitor asked for', async (t) => {
  const page = await browser.newPage()
  t.teardown(() => page.close())
  await page.goto('/')
  const old = await markDocument(page)
  const gone = await chunkGone(page, 'BlogListPage')
  await blogLink(page).click()
  await old.replaced()
  await page.getByRole('heading', { level: 1, name: 'Onze Blog' }).waitFor()
  t.ok(gone.count >= 1, 'the old chunk was asked for and was gone')
  t.notOk(await old.same(), 'the page was loaded anew')
  t.equal(new URL(page.url()).pathname, '/blog', 'at the page the visitor asked for')
  t.equal(await page.getByText('Er ging iets mis').count(), 0, 'no error page')
})

t.test('a chunk the new build lacks too: the error page after one reload, no loop', async (t) => {
  const page = await browser.newPage()
  t.teardown(() => page.close())
  await page.goto('/')
  const old = await markDocument(page)
  const gone = await chunkGone(page, 'BlogListPage', true)
  await blogLink(page).click()
  await old.replaced()
  // The reloaded page asks for the chunk again (its server-rendered page names it) and is refused.
  await page.getByRole('heading', { name: 'Er ging iets mis' }).waitFor()
  const reloaded = await markDocument(page)
  await page.waitForTimeout(2000)
  t.ok(await reloaded.same(), 'one reload, then the error page stays')
  t.equal(new URL(page.url()).pathname, '/blog')
  t.ok(gone.count >= 2, 'asked before and after the reload')
})
