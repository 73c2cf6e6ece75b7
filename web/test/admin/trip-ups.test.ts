// @tier stack
// What a new admin trips over (issue 49), in Chromium on the whole stack: the tabs follow the URL
// (a click pushes ?tab=, Back and reload keep it), the wording names the kept period,
// on a phone the chat button covers no list, and Logout goes back to where the admin came from.
import t from 'tap'
import type { BlogPost } from '@site/contracts'
import { launchBrowser } from '../helpers/browser.js'
import { PHONE, scrollToEnd, underChatButton } from '../helpers/page-checks.js'
import { startStack } from '../helpers/stack.js'
import { adminApi, POST } from '../public/api.js'

const stack = await startStack({ only: ['auth', 'content', 'blog', 'chat', 'web', 'gateway'] })
t.teardown(() => stack.stop())
const api = await adminApi(stack, 'trip-admin', 'a-long-password-for-trips')
for (let i = 1; i <= 13; i++) {
  await api.post<BlogPost>('/api/blog', {
    ...POST,
    slug: `post-${i}`,
    title_nl: `Bericht ${i}`,
    title_en: `Post ${i}`,
  })
}

t.test(
  '#4 the admin tabs follow the URL; #2 the chat button covers no admin list; #11 logout returns',
  async (t) => {
    const admin = await launchBrowser({ baseURL: stack.url })
    t.teardown(() => admin.close())
    const page = await admin.newPage()
    await page.goto('/admin')
    const login = page.getByRole('dialog', { name: 'Admin Login' })
    await login.getByLabel('Username').fill('trip-admin')
    await login.getByLabel('Password').fill('a-long-password-for-trips')
    await login.getByRole('button', { name: 'Login', exact: true }).click()
    await login.waitFor({ state: 'hidden' })
    const tab = (name: string) => page.getByRole('tab', { name, exact: true })
    await tab('Content').waitFor()

    await tab('Media').click()
    await page.waitForURL(/\/admin\?tab=media$/)
    await tab('Blog').click()
    await page.waitForURL(/\/admin\?tab=blog$/)
    t.pass('a tab click puts the tab in the URL')
    await page.goBack()
    await page.waitForURL(/\/admin\?tab=media$/)
    // (The URL changes first, the tabs on the next render: wait for the tab, do not read it at once.)
    await page.getByRole('tab', { name: 'Media', exact: true, selected: true }).waitFor()
    t.pass('Back returns to the previous tab')
    await page.reload()
    await tab('Media').waitFor()
    t.equal(await tab('Media').getAttribute('aria-selected'), 'true', 'reload keeps the tab')
    await tab('Content').click()
    await page.waitForURL(/\/admin$/)
    t.equal(await tab('Content').getAttribute('aria-selected'), 'true', 'Content: the plain /admin')

    // #14 the wording says what it means.
    await page.goto('/admin?tab=inbox&view=conversations')
    await page.getByText(/Conversations are kept for 90 days, then deleted\./).waitFor()
    t.pass('the kept period is named')
    await page.goto('/admin?tab=content')
    await tab('Content').waitFor()

    // The same admin on a phone: the Blog list's last row is clear of the chat button at the end.
    await page.setViewportSize(PHONE)
    await tab('Blog').click()
    await page.getByTestId('admin-row').first().waitFor()
    await scrollToEnd(page)
    t.same(await underChatButton(page), [], 'the Blog tab at the end')
    await page.setViewportSize({ width: 1280, height: 900 })

    // Logout from the admin: back to the page the admin came from, no login dialog.
    const bar = page.locator('header.topbar')
    await bar.getByRole('link', { name: 'Blog', exact: true }).click()
    await page
      .getByTestId('blog-pagination')
      .getByRole('link', { name: /Volgende/ })
      .click()
    await page.waitForURL(/\/blog\?page=2$/)
    await bar.getByRole('link', { name: 'Bewerken', exact: true }).click()
    await tab('Content').waitFor()
    await bar.getByRole('button', { name: 'Uitloggen', exact: true }).click()
    await page.waitForURL(/\/blog\?page=2$/)
    await page.locator('header.topbar').getByRole('button', { name: 'Inloggen', exact: true }).waitFor()
    t.equal(await page.getByRole('dialog', { name: 'Admin Login' }).count(), 0, 'no login dialog')

    // Opened directly (nothing before it in this tab): home.
    const direct = await admin.newPage()
    await direct.goto('/admin')
    await direct.getByRole('dialog', { name: 'Admin Login' }).getByLabel('Username').fill('trip-admin')
    await direct
      .getByRole('dialog', { name: 'Admin Login' })
      .getByLabel('Password')
      .fill('a-long-password-for-trips')
    await direct
      .getByRole('dialog', { name: 'Admin Login' })
      .getByRole('button', { name: 'Login', exact: true })
      .click()
    await direct.getByRole('tab', { name: 'Content', exact: true }).waitFor()
    await direct.locator('header.topbar').getByRole('button', { name: 'Uitloggen', exact: true }).click()
    await direct.waitForURL((u) => u.pathname === '/')
    t.equal(await direct.getByRole('dialog', { name: 'Admin Login' }).count(), 0, 'home, no login dialog')
  },
)
