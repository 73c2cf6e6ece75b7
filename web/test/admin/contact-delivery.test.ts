// @tier stack
// The contact form against bots, on the whole stack in Chromium (issue 48): the home form solves
// its proof of work while the visitor types and sends; a second request from the same address
// within the hour reaches the team but gets no second confirmation; the webhook receiver (a real
// HTTP server here, 500 first) gets a validly signed request and a retry; the admin's inbox shows
// the deliveries and "Send again" delivers once more.
import t from 'tap'
import { collectPageErrors, launchBrowser, signInToAdmin } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'
import { startSmtp } from '../../../services/contact/test/helpers/smtp.js'
import { startReceiver, verifySignature } from '../../../services/contact/test/helpers/webhook-receiver.js'

const USER = 'admin'
const PASSWORD = 'contact-admin-password-1'
const SECRET = 'stack-webhook-secret-0123456789abcdef0123'

const receiver = await startReceiver([500], '/contact-hook')
t.teardown(() => receiver.stop())
const hooks = receiver.got
const hookUrl = receiver.url
const smtp = await startSmtp()
t.teardown(() => smtp.stop())

const stack = await startStack({
  only: ['auth', 'content', 'blog', 'contact', 'contact-worker', 'web', 'gateway'],
  env: {
    SMTP_URL: smtp.url,
    TEAM_EMAIL: 'team@example.test',
    MAIL_FROM: 'Website <no-reply@example.test>',
    CONTACT_WEBHOOK_URLS: hookUrl,
    CONTACT_WEBHOOK_SECRET: SECRET,
    WEBHOOK_BACKOFF_MS: '200',
  },
})
t.teardown(() => stack.stop())
await seedAdmin(stack, USER, PASSWORD)
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())

const signed = (h: (typeof hooks)[number]) => verifySignature(h.headers['x-site-signature'], h.raw, SECRET)
async function until<T>(read: () => T | Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await read()
    if (done(v)) return v
    await new Promise((r) => setTimeout(r, 100))
  }
}

t.test(
  'the home form sends twice from one address: the team gets both, the visitor one confirmation',
  async (t) => {
    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    await page.goto('/en')
    const form = page.getByTestId('home-contact-form')
    for (const message of ['We would like an MVP.', 'And a second question.']) {
      await form.getByLabel('Name').fill('Grace Hopper')
      await form.getByLabel('Email').fill('grace@example.com')
      await form.getByLabel('Message').fill(message)
      const sent = page.waitForResponse(
        (r) => r.url().endsWith('/api/contacts') && r.request().method() === 'POST',
      )
      await form.getByRole('button', { name: 'Send', exact: true }).click()
      t.equal((await sent).status(), 201, `${message}: stored`)
      await page.getByTestId('toast').filter({ hasText: 'Message sent!' }).first().waitFor()
      t.equal(await form.getByLabel('Name').inputValue(), '', 'form cleared')
    }
    const mails = await until(
      () => smtp.mails,
      (m) =>
        m.filter((x) => x.to.includes('team@example.test')).length === 2 &&
        m.some((x) => x.to.includes('grace@example.com')),
    )
    t.equal(mails.filter((m) => m.to.includes('grace@example.com')).length, 1, 'a confirmation')
    t.same(errors, [])
    await page.close()
  },
)

t.test('the webhook receiver gets a signed request and a retry after its 500', async (t) => {
  await until(
    () => hooks,
    (h) => h.filter((x) => x.status === 200).length === 2,
  )
  const first = JSON.parse(hooks[0]!.raw) as { id: string }
  const forFirst = hooks.filter((h) => (JSON.parse(h.raw) as { id: string }).id === first.id)
  t.same(
    forFirst.map((h) => h.status),
    [500, 200],
    'refused once, retried',
  )
  for (const h of hooks) t.ok(signed(h), 'valid signature')
  t.match(JSON.parse(hooks[0]!.raw), {
    language: 'en',
    source: 'form',
    consent_version: '1',
    name: 'Grace Hopper',
  })
})

t.test('the inbox shows the deliveries; Send again delivers once more', async (t) => {
  const page = await browser.newPage()
  const errors = collectPageErrors(page, { ignore: [/status of 401/] })
  await signInToAdmin(page, USER, PASSWORD)
  const items = page.getByTestId('inbox-item').filter({ hasText: 'Grace Hopper' })
  const second = items.filter({ hasText: 'And a second question.' })
  // The inbox reads once when opened: open it again until both requests are done (mails sent,
  // webhooks delivered; the worker records each a moment after the receiver or SMTP answered).
  await until(
    async () => {
      await page.reload()
      await page.getByRole('tab', { name: 'Inbox', exact: true }).click()
      await items.first().waitFor()
      return [
        await items.count(),
        await items.getByText('mail sent').count(),
        await items.getByText('webhook delivered').count(),
      ]
    },
    (counts) => counts.every((n) => n === 2),
  )
  await second.getByText('no confirmation (one per address per hour)').waitFor()
  t.equal(
    smtp.mails.filter((m) => m.to.includes('grace@example.com')).length,
    1,
    'no second confirmation within the hour',
  )
  const before = hooks.length
  await second.getByRole('button', { name: /^Send again: Webhook 127\.0\.0\.1/ }).click()
  await page.getByTestId('toast').filter({ hasText: 'Webhook queued' }).waitFor()
  await until(
    () => hooks.length,
    (n) => n === before + 1,
  )
  t.ok(signed(hooks.at(-1)!), 'signed again')
  t.match(JSON.parse(hooks.at(-1)!.raw), { message: 'And a second question.' })
  t.same(errors, [])
  await page.close()
})
