// @tier stack
// The operators' queue dashboard: Bull Board at /api/admin/queues through the
// gateway of the real stack, in Chromium. Signed out: the page redirects to the admin sign-in (where
// the admin signs in through the login dialog) and the board's API answers 401. Signed in: the board lists the site's queues and a job, under the
// gateway's CSP with no violation and no console error, and its actions pass the CSRF check.
import t from 'tap'
import { collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'
import { QUEUES } from '@site/contracts'
import { createQueue } from '@site/service-kit/queues'

const USER = 'queue-admin'
const PASSWORD = 'queue-admin-password-1'
const BOARD = '/api/admin/queues'

// Only what the board needs (the machine running the suite is small): no worker, so a job added
// to a queue stays there for the board to show.
const stack = await startStack({ only: ['auth', 'blog', 'web', 'gateway'] })
t.teardown(() => stack.stop())
await seedAdmin(stack, USER, PASSWORD)
const browser = await launchBrowser({ baseURL: stack.url })
t.teardown(() => browser.close())

t.test(
  'signed out: the page redirects to the admin sign-in, the API answers 401; the admin signs in there',
  async (t) => {
    const page = await fetch(stack.url + BOARD, { headers: { accept: 'text/html' }, redirect: 'manual' })
    t.equal(page.status, 303)
    t.equal(page.headers.get('location'), '/admin')
    const api = await fetch(`${stack.url}${BOARD}/api/queues`)
    t.equal(api.status, 401)
    t.equal((await api.json()).statusCode, 401)
    const put = await fetch(`${stack.url}${BOARD}/api/queues/pause`, { method: 'PUT' })
    t.equal(put.status, 401, 'no action without a session')

    // A signed-out admin opening the board lands on the admin sign-in and signs in there.
    const tab = await browser.newPage()
    await tab.goto(BOARD)
    t.equal(new URL(tab.url()).pathname, '/admin', 'the browser lands on the admin sign-in')
    const login = tab.getByRole('dialog', { name: 'Admin Login' })
    await login.getByLabel('Username').fill(USER)
    await login.getByLabel('Password').fill(PASSWORD)
    await login.getByRole('button', { name: 'Login', exact: true }).click()
    await login.waitFor({ state: 'hidden' })
    t.ok(
      (await browser.context.cookies(stack.url)).some((c) => c.name === 'sid'),
      'signed in through the dialog',
    )
    await tab.close()
  },
)

t.test(
  'signed in (same browser): the board shows the queues and a job, with no CSP violation or console error',
  async (t) => {
    // A job in this stack's blog-import queue (no worker runs here, so it waits).
    const producer = createQueue(QUEUES.blogImport, {
      redisUrl: stack.env.REDIS_URL!,
      prefix: stack.env.QUEUE_PREFIX!,
    })
    t.teardown(() => producer.close())
    await producer.queue.waitUntilReady()
    await producer.queue.add('import', { uploadId: 'board-demo-upload' }, { jobId: 'board-demo-job' })

    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    // Recorded by an init script (DevTools, so not itself subject to the CSP).
    await page.addInitScript(() => {
      const w = window as unknown as { cspViolations: string[] }
      w.cspViolations = []
      document.addEventListener('securitypolicyviolation', (e) =>
        w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
      )
    })
    const res = await page.goto(BOARD)
    t.equal(res?.status(), 200)
    t.match(
      res?.headers()['content-security-policy'] ?? '',
      /script-src 'self'( 'sha256-[\w+/=]+')?(;|$)/,
      "the site's CSP, not a relaxed one",
    )
    for (const name of [
      'blog-import',
      'blog-schedule',
      'contact-notify',
      'media-variants',
      'blog-image-variants',
      'page-schedule',
    ]) {
      await page.getByText(name, { exact: true }).first().waitFor()
      t.pass(`queue ${name} listed`)
    }
    await page.getByText('blog-import', { exact: true }).first().click()
    await page.getByText('board-demo-job').first().waitFor()
    t.pass('the waiting job is listed')
    if (process.env.ADMIN_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.ADMIN_SCREENSHOTS}/queue-board.png`, fullPage: true })

    // The board's own actions are body-less PUTs: they pass the CSRF check from this origin.
    const status = await page.evaluate(async () => {
      const pause = await fetch('api/queues/contact-notify/pause', { method: 'PUT' })
      const resume = await fetch('api/queues/contact-notify/resume', { method: 'PUT' })
      return [pause.status, resume.status]
    })
    t.same(status, [200, 200], 'pause and resume')

    t.same(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      [],
      'no CSP violations',
    )
    t.same(errors, [], 'no page or console errors')
  },
)
