// The operators' queue dashboard (issue 18 item 2): Bull Board at /api/admin/queues through the
// gateway of the real stack, in Chromium. Signed out: the page redirects to the admin sign-in and
// its API answers 401. Signed in: the board lists the site's queues and a job, under the
// gateway's CSP with no violation and no console error, and its actions pass the CSRF check.
import t from 'tap'
import { collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'

const USER = 'queue-admin'
const PASSWORD = 'queue-admin-password-1'
const BOARD = '/api/admin/queues'

// Only what the board needs (the machine running the suite is small).
const stack = await startStack({ only: ['auth', 'blog', 'contact', 'contact-worker', 'web', 'gateway'] })
t.teardown(() => stack.stop())
await seedAdmin(stack, USER, PASSWORD)
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())

t.test('signed out: the page redirects to the admin sign-in, the API answers 401', async (t) => {
  const page = await fetch(stack.url + BOARD, { headers: { accept: 'text/html' }, redirect: 'manual' })
  t.equal(page.status, 303)
  t.equal(page.headers.get('location'), '/admin')
  const api = await fetch(`${stack.url}${BOARD}/api/queues`)
  t.equal(api.status, 401)
  t.equal((await api.json()).statusCode, 401)
  const put = await fetch(`${stack.url}${BOARD}/api/queues/pause`, { method: 'PUT' })
  t.equal(put.status, 401, 'no action without a session')

  const tab = await browser.newPage()
  await tab.goto(BOARD)
  t.equal(new URL(tab.url()).pathname, '/admin', 'the browser lands on the admin sign-in')
  await tab.close()
})

t.test('signed in: the board shows the queues and a job, with no CSP violation or console error', async (t) => {
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ username: USER, password: PASSWORD }),
  })
  t.equal(login.status, 200, 'signed in')
  const sid = /sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1]
  t.ok(sid, 'session cookie')
  await browser.context.addCookies([{ name: 'sid', value: sid!, url: stack.url, httpOnly: true, sameSite: 'Lax' }])

  // A consultation request: the contact worker picks it up, so the board has a job to show.
  const contact = await fetch(`${stack.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ name: 'Queue Visitor', email: 'queue-visitor@example.com', message: 'Please show me on the queue board.' }),
  })
  t.equal(contact.status, 201)

  const page = await browser.newPage()
  const errors = collectPageErrors(page)
  // Recorded by an init script (DevTools, so not itself subject to the CSP).
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] }
    w.cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  const res = await page.goto(BOARD)
  t.equal(res?.status(), 200)
  t.match(res?.headers()['content-security-policy'] ?? '', /script-src 'self'(;|$)/, "the site's CSP, not a relaxed one")
  for (const name of ['blog-import', 'contact-notify']) {
    await page.getByText(name, { exact: true }).first().waitFor()
    t.pass(`queue ${name} listed`)
  }
  await page.getByText('contact-notify', { exact: true }).first().click()
  await page.getByText(/#?[0-9a-f]{24}/).first().waitFor() // the job, named by the contact id
  t.pass('the contact job is listed')
  if (process.env.ADMIN_SCREENSHOTS) await page.screenshot({ path: `${process.env.ADMIN_SCREENSHOTS}/queue-board.png`, fullPage: true })

  // The board's own actions are body-less PUTs: they pass the CSRF check from this origin.
  const status = await page.evaluate(async () => {
    const pause = await fetch('api/queues/contact-notify/pause', { method: 'PUT' })
    const resume = await fetch('api/queues/contact-notify/resume', { method: 'PUT' })
    return [pause.status, resume.status]
  })
  t.same(status, [200, 200], 'pause and resume')

  t.same(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), [], 'no CSP violations')
  t.same(errors, [], 'no page or console errors')
})
