import type { TestApp } from '@site/service-kit/testing'
import { silentLog, type Closable } from '@site/service-kit'
import { buildApp } from '../../src/app.js'
import { readConfig, readWorkerConfig, type Config } from '../../src/config.js'
import { startNotifier } from '../../src/notifier.js'
import { contactModel } from '../../src/models/contact.js'
import { solveChallenge } from '../../../../scripts/lib/altcha.mjs'

/** Fast retries and relay for tests; everything else as in production. */
export const FAST = {
  NOTIFY_BACKOFF_MS: '100',
  NOTIFY_BACKOFF_MAX_MS: '400',
  RELAY_INTERVAL_MS: '200',
  RELAY_MIN_AGE_MS: '300',
  SMTP_PROBE_INTERVAL_MS: '200',
  TEAM_EMAIL: 'team@example.test',
  MAIL_FROM: 'Website <no-reply@example.test>',
}

/** The contact service for the kit's testApp (its worker in-process when given an SMTP url). */
export const contact = (name: string, opts: { smtpUrl?: string; env?: Record<string, string> } = {}) => ({
  name,
  config: readConfig,
  build: buildApp,
  env: {
    ...FAST,
    CONTACT_RATE_LIMIT: '1000',
    CONTACT_FORM_BUDGET: '100000',
    // A smaller range than production's: the same scheme, a test solves it in a few ms.
    CONTACT_POW_MAX_NUMBER: '10000',
    ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}),
    ...opts.env,
  },
})

/** What the contact tests do besides calls: submit, read the stored requests, run the worker, wait. */
export function contactTools<H extends TestApp<Config, Awaited<ReturnType<typeof buildApp>>>>(h: H) {
  let worker: Closable[] = []
  const tools = {
    contacts: contactModel(h.app.db),
    async startWorker() {
      worker = await startNotifier(readWorkerConfig(h.env), { log: silentLog })
    },
    async stopWorker() {
      for (const c of worker) await c.close()
      worker = []
    },
    /** A solved proof of work for a fresh challenge of the service (the form's `altcha`). */
    async proof(): Promise<string> {
      return solveChallenge((await h.call('GET', '/api/contacts/challenge')).json())
    },
    /** POST /api/contacts as the form sends it: with a solved proof unless the body names `altcha` itself. */
    async submit(body: Record<string, unknown>, fromIp = h.ip) {
      const altcha = 'altcha' in body ? body.altcha : await tools.proof()
      return h.call('POST', '/api/contacts', { ...body, altcha }, {}, fromIp)
    },
    async adminCookie() {
      return h.admin.cookie
    },
    /** Polls the stored request until `done` holds (bounded by the test's timeout, never asserted on time). */
    async until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
      for (;;) {
        const v = await read()
        if (done(v)) return v
        await new Promise((r) => setTimeout(r, 100))
      }
    },
  }
  h.onClose(() => tools.stopWorker())
  return Object.assign(h, tools)
}

let seq = 0
const run = Math.random().toString(36).slice(2, 8)
/** A valid, unique request. */
export function request(extra: Record<string, unknown> = {}) {
  seq++
  return {
    name: `Visitor ${seq}`,
    email: `visitor${seq}@example.com`,
    message: `We need an MVP, number ${seq} (${run}).`,
    ...extra,
  }
}
