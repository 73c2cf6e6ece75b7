// Page checks shared by the trip-up tests (issue 49): scrolling that has ended, where a section
// lands under the fixed bar, and the controls the chat's floating button lies over.
import type { Test } from 'tap'
import type { Page } from 'playwright-core'

export const PHONE = { width: 390, height: 844 }

/** Waits until the page has stopped scrolling (a smooth scroll has ended). */
export async function scrollSettled(page: Page) {
  let last = -1
  let still = 0
  for (let i = 0; i < 200 && still < 6; i++) {
    const y = await page.evaluate(() => window.scrollY)
    still = y === last ? still + 1 : 0
    last = y
    await page.waitForTimeout(100)
  }
}

/** The section's top minus the fixed bar's bottom, in px (0: right under the bar). */
const belowBar = (page: Page, id: string) =>
  page.evaluate((id) => {
    const bar = document.querySelector('header.topbar')!.getBoundingClientRect().bottom
    return Math.round(document.getElementById(id)!.getBoundingClientRect().top - bar)
  }, id)

export async function expectLandsOn(t: Test, page: Page, id: string, what: string) {
  await scrollSettled(page)
  const gap = await belowBar(page, id)
  t.ok(Math.abs(gap) <= 100, `${what}: #${id} is ${gap} px from the bar's bottom (at most 100)`)
}

/** The visible controls (links, buttons, fields, tabs) that the chat's round button lies over. */
export const underChatButton = (page: Page) =>
  page.evaluate(() => {
    const b = document.querySelector('[data-testid="chat-launcher"]')!.getBoundingClientRect()
    const hit: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [role="tab"], summary',
    )) {
      if (el.closest('.chat')) continue
      const r = el.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue
      if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
        hit.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`)
    }
    return hit
  })

/** Scrolls to the very end (the home's sections take their real height while scrolling). */
export async function scrollToEnd(page: Page) {
  for (let i = 0; i < 30; i++) {
    const before = await page.evaluate(() => document.documentElement.scrollHeight)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await page.waitForTimeout(150)
    const after = await page.evaluate(() => document.documentElement.scrollHeight)
    if (after === before) break
  }
  await scrollSettled(page)
}

/** The languages a page's head offers as alternates (`<link rel="alternate" hreflang>`), in order. */
export const hreflangs = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([a-z-]+)"/g)].map((m) => m[1])
