// Browser harness for web tests: playwright-core driving the system Chromium (Debian `chromium`),
// headless, with a fresh profile per launch, plus an axe-core check.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface TestBrowser {
  context: BrowserContext
  /** A new tab; pass a viewport for phone tests ({ width: 390, height: 844 }). */
  newPage: (opts?: { viewport?: { width: number; height: number } }) => Promise<Page>
  close: () => Promise<void>
}

/**
 * Launches Chromium with a fresh user-data-dir (nothing shared between tests: cookies,
 * localStorage). `baseURL` makes page.goto('/blog') relative to the stack.
 */
export async function launchBrowser(
  opts: { baseURL?: string; locale?: string; javaScriptEnabled?: boolean; timezoneId?: string } = {},
): Promise<TestBrowser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'web-test-chromium-'))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
    ],
    baseURL: opts.baseURL,
    locale: opts.locale ?? 'nl-NL',
    // The machine's zone unless a test sets one (an admin abroad: America/New_York).
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
    viewport: { width: 1280, height: 900 },
    // false: a visitor (or crawler) without JavaScript, for the server-rendered pages.
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  })
  context.setDefaultTimeout(15000)
  context.setDefaultNavigationTimeout(30000)
  let closed = false
  return {
    context,
    newPage: async (o = {}) => {
      const page = await context.newPage()
      if (o.viewport) await page.setViewportSize(o.viewport)
      return page
    },
    close: async () => {
      if (closed) return
      closed = true
      await context.close().catch(() => undefined)
      await rm(userDataDir, { recursive: true, force: true }).catch(() => undefined)
    },
  }
}

const require = createRequire(import.meta.url)
let axeSource: string | null = null

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  helpUrl: string
  nodes: string[]
}

/**
 * Runs axe-core on the page (or on `include`, a CSS selector) and returns the serious and
 * critical violations, each with the selectors of its failing nodes. Assert it is empty:
 * `t.same(await axeViolations(page), [])` prints what is wrong when it is not.
 */
export async function axeViolations(
  page: Page,
  opts: { include?: string; disableRules?: string[] } = {},
): Promise<AxeViolation[]> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8')
  const has = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined')
  // Evaluated through DevTools, not a <script> tag: the gateway's CSP (script-src 'self') blocks inline scripts.
  if (!has) await page.evaluate(axeSource)
  await settleAnimations(page)
  const results = await page.evaluate(
    async ({ include, disableRules }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ctx: unknown,
              o: unknown,
            ) => Promise<{
              violations: Array<{
                id: string
                impact: string | null
                help: string
                helpUrl: string
                nodes: Array<{ target: unknown[] }>
              }>
            }>
          }
        }
      ).axe
      const rules: Record<string, { enabled: boolean }> = {}
      for (const r of disableRules) rules[r] = { enabled: false }
      const r = await axe.run(include ? { include: [include] } : document, {
        resultTypes: ['violations'],
        rules,
      })
      return r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => n.target.join(' ')),
      }))
    },
    { include: opts.include ?? null, disableRules: opts.disableRules ?? [] },
  )
  return results.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/**
 * Waits for the finite animations and transitions on the page (a dialog fading in, say): axe's
 * colour-contrast rule measures what is painted, and half-faded text is not what users read.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

/** Collects page errors and console errors, to assert none happened: `t.same(errors, [])`. */
export function collectPageErrors(page: Page, opts: { ignore?: RegExp[] } = {}): string[] {
  const errors: string[] = []
  const ignored = (text: string) => (opts.ignore ?? []).some((re) => re.test(text))
  page.on('pageerror', (err) => {
    if (!ignored(err.message)) errors.push(`pageerror: ${err.message}`)
  })
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return
    // "Failed to load resource" names no URL in its text; the location does, so a failure says which call.
    const text = `${msg.text()}${msg.location().url ? ` (${msg.location().url})` : ''}`
    if (!ignored(text)) errors.push(`console: ${text}`)
  })
  return errors
}

/**
 * Opens /admin signed out and signs in through the login dialog as a person does (username or
 * e-mail, password, Login); answers the dialog, for a walk that goes on in it (a code, the 2FA
 * setup). With `closes` (the default) it waits until the dialog has closed.
 */
export async function signInToAdmin(page: Page, username: string, password: string, closes = true) {
  await page.goto('/admin')
  const login = page.getByRole('dialog', { name: 'Admin Login' })
  await login.getByLabel('Username').fill(username)
  await login.getByLabel('Password').fill(password)
  await login.getByRole('button', { name: 'Login', exact: true }).click()
  if (closes) await login.waitFor({ state: 'hidden' })
  return login
}
