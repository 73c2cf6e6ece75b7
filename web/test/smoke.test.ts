// @tier stack
// Foundation smoke test in a real browser against the real stack (services + gateway + web from
// their dist builds): the app boots on /, the top bar shows the spec §2 labels in nl/en/de, the
// language choice persists across reloads (localStorage `language`), an admin signs in through
// the login dialog, sees Edit + Logout and logs out, the admin code is not loaded on public pages, and axe finds no
// serious or critical violation.
import t, { type Test } from 'tap'
import type { Page } from 'playwright-core'
import { axeViolations, collectPageErrors, launchBrowser } from './helpers/browser.js'
import { seedAdmin, startStack } from './helpers/stack.js'

// Spec §2, "Labels per language".
const LABELS = {
  nl: {
    methodology: 'Werkwijze',
    tools: 'Tools',
    contact: 'Contact',
    edit: 'Bewerken',
    login: 'Inloggen',
    logout: 'Uitloggen',
    switcher: 'Nederlands',
  },
  en: {
    methodology: 'Methodology',
    tools: 'Tools',
    contact: 'Contact',
    edit: 'Edit',
    login: 'Login',
    logout: 'Logout',
    switcher: 'English',
  },
  de: {
    methodology: 'Methodik',
    tools: 'Werkzeuge',
    contact: 'Kontakt',
    edit: 'Bearbeiten',
    login: 'Anmelden',
    logout: 'Abmelden',
    switcher: 'Deutsch',
  },
} as const
type Lang = keyof typeof LABELS

const stack = await startStack()
t.teardown(() => stack.stop())
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())

/** The desktop top bar (the mobile menu is closed at this width). */
const topbar = (page: Page) => page.locator('header.topbar')

async function expectNav(t: Test, page: Page, lang: Lang, signedIn: boolean) {
  const l = LABELS[lang]
  const bar = topbar(page)
  for (const name of [l.methodology, l.tools, l.contact]) {
    await bar.getByRole('button', { name, exact: true }).waitFor()
  }
  await bar.getByRole('link', { name: 'Blog', exact: true }).waitFor()
  await bar.getByTestId('language-switcher').filter({ hasText: l.switcher }).waitFor()
  if (signedIn) {
    await bar.getByRole('link', { name: l.edit, exact: true }).waitFor()
    await bar.getByRole('button', { name: l.logout, exact: true }).waitFor()
    t.equal(
      await bar.getByRole('button', { name: l.login, exact: true }).count(),
      0,
      `${lang}: no ${l.login} when signed in`,
    )
  } else {
    await bar.getByRole('button', { name: l.login, exact: true }).waitFor()
    t.equal(
      await bar.getByRole('link', { name: l.edit, exact: true }).count(),
      0,
      `${lang}: no ${l.edit} when signed out`,
    )
  }
  t.equal(await page.locator('html').getAttribute('lang'), lang, `<html lang="${lang}">`)
  t.pass(`${lang}: top bar labels of spec §2 (${signedIn ? 'signed in' : 'signed out'})`)
}

async function chooseLanguage(page: Page, lang: Lang) {
  await topbar(page).getByTestId('language-switcher').click()
  await page.getByTestId(`language-${lang}`).click()
}

t.test('signed out: default nl, switching language persists across reloads, axe clean', async (t) => {
  const page = await browser.newPage()
  const errors = collectPageErrors(page, { ignore: [/status of 401/] }) // GET /api/auth/user while signed out
  const assets: string[] = []
  page.on('request', (r) => assets.push(new URL(r.url()).pathname))

  await page.goto('/')
  await expectNav(t, page, 'nl', false)
  t.equal(await page.evaluate(() => localStorage.getItem('language')), null, 'nothing stored before a choice')
  t.same(await axeViolations(page), [], 'axe: no serious/critical violations (nl)')

  for (const lang of ['en', 'de', 'nl'] as const) {
    await chooseLanguage(page, lang)
    await expectNav(t, page, lang, false)
    t.equal(
      await page.evaluate(() => localStorage.getItem('language')),
      lang,
      `localStorage language = ${lang}`,
    )
    await page.reload()
    await expectNav(t, page, lang, false)
    t.same(await axeViolations(page), [], `axe: no serious/critical violations (${lang})`)
  }

  t.notOk(
    assets.some((p) => /\/assets\/admin-[^/]+\.js$/.test(p)),
    'the admin chunk is not loaded on public pages',
  )
  t.same(errors, [], 'no page or console errors')
  await page.close()
})

t.test('signed in: login through the dialog, Edit and Logout per language, logout signs out', async (t) => {
  await seedAdmin(stack, 'admin', 'smoke-test-password-1')
  const page = await browser.newPage()
  const errors = collectPageErrors(page, { ignore: [/status of 401/] })
  await page.goto('/')
  await topbar(page).getByRole('button', { name: LABELS.nl.login, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Admin Login' })
  await dialog.getByLabel('Username').fill('admin')
  await dialog.getByLabel('Password').fill('smoke-test-password-1')
  await dialog.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByTestId('toast').filter({ hasText: 'Login successful' }).waitFor()
  await dialog.waitFor({ state: 'hidden' })
  await expectNav(t, page, 'nl', true)

  for (const lang of ['de', 'en', 'nl'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang)
    // A returning visitor opening the site comes to their stored language (its own URL).
    await page.goto('/')
    await expectNav(t, page, lang, true)
  }
  t.same(await axeViolations(page), [], 'axe: no serious/critical violations when signed in')

  await topbar(page).getByRole('button', { name: LABELS.nl.logout, exact: true }).click()
  await page.getByTestId('toast').filter({ hasText: 'Logged out' }).waitFor()
  await expectNav(t, page, 'nl', false)
  const cookies = await browser.context.cookies(stack.url)
  t.notOk(
    cookies.some((c) => c.name === 'sid' && c.value),
    'session cookie cleared',
  )
  t.same(errors, [], 'no page or console errors')
  await page.close()
})
