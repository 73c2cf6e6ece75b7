// @tier stack
// Issue 46 in a real browser on the real stack with a real SMTP server: the owner's Users tab
// invites an author; the mail's link opens the invitation page, which makes the account; the
// author sees only their tabs and an editor without the Published switch; the author turns on
// two-factor sign-in from Settings (QR code, then the recovery codes). The owner requires 2FA of
// editors: an editor's next sign-in sets it up before the admin opens; team errors in her language.
import t from 'tap'
import { Secret, TOTP } from 'otpauth'
import { axeViolations, collectPageErrors, launchBrowser, signInToAdmin } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'
import { startSmtp } from '../../../services/contact/test/helpers/smtp.js'

const smtp = await startSmtp()
t.teardown(() => smtp.stop())
const stack = await startStack({ env: { SMTP_URL: smtp.url } })
t.teardown(() => stack.stop())
await seedAdmin(stack, 'owner', 'owner-test-password-1')

t.test('the owner invites an author from the Users tab; the author joins through the mail', async (t) => {
  const owner = await launchBrowser({ baseURL: stack.url })
  t.teardown(() => owner.close())
  const page = await owner.newPage()
  const errors = collectPageErrors(page, { ignore: [/status of 401/] })
  await signInToAdmin(page, 'owner', 'owner-test-password-1')
  await page.getByRole('tab', { name: 'Users', exact: true }).click()
  await page.getByTestId('users-table').waitFor()
  t.match(await page.getByTestId('user-row').first().textContent(), /owner/)
  await page.getByLabel('E-mail address').fill('anna@example.com')
  await page.getByLabel('Role', { exact: true }).selectOption('author')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await page.getByTestId('invites').getByText('anna@example.com').waitFor()
  t.same(await axeViolations(page), [], 'axe: the Users tab')
  const [mail] = await smtp.waitFor(1)
  t.same(mail!.to, ['anna@example.com'])
  const link = mail!.text.match(/https?:\/\/\S+\/admin\/invite\/[\w-]+/)?.[0]
  t.ok(link, 'the mail holds the link')
  t.same(errors, [], 'no page errors (owner)')

  const author = await launchBrowser({ baseURL: stack.url })
  t.teardown(() => author.close())
  const a = await author.newPage()
  const aErrors = collectPageErrors(a, { ignore: [/status of 401/] })
  await a.goto(new URL(link!).pathname)
  await a.getByText('owner invites anna@example.com as author.').waitFor()
  await a.getByLabel(/Your name/).fill('Anna Author')
  await a.getByLabel(/Choose a password/).fill('anna-test-password-1')
  await a.getByRole('button', { name: 'Create my account' }).click()
  await a.waitForURL('**/admin')
  await a.getByRole('tab', { name: 'Blog', exact: true }).waitFor()
  const tabs = await a.getByRole('tab').allTextContents()
  t.same(tabs, ['Blog', 'Media', 'Settings'], "an author's tabs")
  await a.getByRole('tab', { name: 'Blog', exact: true }).click()
  await a.getByRole('button', { name: 'New Blog Post' }).click()
  await a.getByTestId('post-publish-hidden').waitFor()
  t.equal(await a.getByLabel('Published').count(), 0, 'no Published switch for an author')
  await a.keyboard.press('Escape')

  await a.getByRole('tab', { name: 'Settings', exact: true }).click()
  await a.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
  const secret = (await a.getByTestId('totp-secret').textContent())!.trim()
  t.ok(await a.locator('[data-testid="two-factor"] img').isVisible(), 'the QR code is shown')
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate()
  await a.getByLabel('Code from the app').fill(code)
  await a.getByRole('button', { name: 'Turn on' }).click()
  await a.getByTestId('recovery-codes').waitFor()
  t.equal(await a.getByTestId('recovery-codes').locator('li').count(), 10, 'ten recovery codes')
  t.same(await axeViolations(a), [], 'axe: Settings with the recovery codes')
  t.same(aErrors, [], 'no page errors (author)')
})

t.test('a used invitation link gets a clear page', async (t) => {
  const b = await launchBrowser({ baseURL: stack.url })
  t.teardown(() => b.close())
  const p = await b.newPage()
  const link = smtp.mails[0]!.text.match(/\/admin\/invite\/[\w-]+/)![0]
  await p.goto(link)
  t.match(await p.getByTestId('link-problem').textContent(), /already used/)
})

t.test('the owner requires 2FA of editors: the sign-in leads through setup before the admin', async (t) => {
  const owner = await launchBrowser({ baseURL: stack.url })
  t.teardown(() => owner.close())
  const page = await owner.newPage()
  const errors = collectPageErrors(page, { ignore: [/status of 40\d/] })
  const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text })
  await signInToAdmin(page, 'owner', 'owner-test-password-1')
  await page.getByRole('tab', { name: 'Users', exact: true }).click()
  await page.getByTestId('users-table').waitFor()
  // The team's errors in the admin's language (the site's default: Dutch).
  await page.getByLabel('E-mail address').fill('anna@example.com')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await toast('Dit e-mailadres is al in gebruik.').waitFor()
  await page.getByLabel('E-mail address').fill('lena@example.com')
  await page.getByLabel('Role', { exact: true }).selectOption('editor')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await page.getByTestId('invites').getByText('lena@example.com').waitFor()
  const mails = await smtp.waitFor(2)
  const link = mails[1]!.text.match(/\/admin\/invite\/[\w-]+/)![0]

  const lena = await launchBrowser({ baseURL: stack.url })
  t.teardown(() => lena.close())
  const l = await lena.newPage()
  const lErrors = collectPageErrors(l, { ignore: [/status of 40\d/] })
  await l.addInitScript(() => localStorage.setItem('language', 'de'))
  await l.goto(link)
  await l.getByLabel(/Your name/).fill('Lena Editor')
  await l.getByLabel(/Choose a password/).fill('short')
  await l.getByRole('button', { name: 'Create my account' }).click()
  t.match(
    await l.getByTestId('link-problem').textContent(),
    /mindestens 8 Zeichen/,
    'a weak password in German',
  )
  await l.getByLabel(/Choose a password/).fill('lena-test-password-1')
  await l.getByRole('button', { name: 'Create my account' }).click()
  await l.waitForURL('**/admin')
  await l.getByRole('tab', { name: 'Blog', exact: true }).waitFor()

  const policy = page.getByTestId('two-factor-policy')
  await policy.getByLabel('editor').check()
  await policy.getByRole('button', { name: 'Save' }).click()
  await toast('Saved').waitFor()

  await l.reload()
  const lLogin = l.getByRole('dialog', { name: 'Admin Login' })
  await lLogin.getByLabel('Username').fill('lena@example.com')
  await lLogin.getByLabel('Password').fill('lena-test-password-1')
  await lLogin.getByRole('button', { name: 'Login', exact: true }).click()
  await lLogin.getByTestId('setup-step').waitFor()
  t.equal(await l.getByRole('tab').count(), 0, 'no admin before the setup')
  const secret = (await lLogin.getByTestId('totp-secret').textContent())!.trim()
  t.ok(await lLogin.locator('img').isVisible(), 'the QR code is shown')
  t.same(await axeViolations(l), [], 'axe: the setup step')
  await lLogin.getByLabel('Code from the app').fill('000000')
  await lLogin.getByRole('button', { name: 'Turn on and sign in' }).click()
  await l.getByTestId('toast').filter({ hasText: 'Dieser Code stimmt nicht' }).waitFor()
  t.equal(await l.getByRole('tab').count(), 0, 'a wrong code gives nothing')
  await lLogin
    .getByLabel('Code from the app')
    .fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate())
  await lLogin.getByRole('button', { name: 'Turn on and sign in' }).click()
  await lLogin.getByTestId('recovery-codes').waitFor()
  t.equal(await lLogin.getByTestId('recovery-codes').locator('li').count(), 10, 'ten recovery codes')
  t.equal(await l.getByRole('tab').count(), 0, 'the admin waits for Continue')
  await lLogin.getByRole('button', { name: 'Continue' }).click()
  await lLogin.waitFor({ state: 'hidden' })
  await l.getByRole('tab', { name: 'Blog', exact: true }).waitFor()

  await page.reload()
  await page.getByRole('tab', { name: 'Users', exact: true }).click()
  const row = page.getByTestId('user-row').filter({ hasText: 'lena@example.com' })
  t.equal(await row.locator('td').nth(3).textContent(), 'on', 'the Users tab shows her 2FA on')
  t.same(errors, [], 'no page errors (owner)')
  t.same(lErrors, [], 'no page errors (editor)')
})
