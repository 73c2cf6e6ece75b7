import type { LightMyRequestResponse } from 'fastify'
import { clientRequest, createTestSession, testClientIp, testEnv } from '@site/service-kit/testing'
import type { Closable } from '@site/service-kit'
import { buildApp } from '../../src/app.js'
import { readConfig, readWorkerConfig } from '../../src/config.js'
import { startNotifier } from '../../src/notifier.js'
import { contactModel } from '../../src/models/contact.js'

const quiet = { info() {}, warn() {} }

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

/**
 * The contact API (and, when given an SMTP url, its worker in-process) on its own database and
 * queue prefix. Each harness uses a client IP of its own: the rate limit is per IP.
 */
export async function contactHarness(name: string, opts: { smtpUrl?: string; env?: Record<string, string> } = {}) {
  const env = testEnv(name, { ...FAST, CONTACT_RATE_LIMIT: '1000', ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}), ...opts.env })
  const config = readConfig(env)
  const app = await buildApp(config)
  await app.ready()
  const ip = testClientIp()
  let worker: Closable[] = []
  const contacts = contactModel(app.db)
  const h = {
    app,
    config,
    env,
    ip,
    contacts,
    async startWorker() {
      worker = await startNotifier(readWorkerConfig(env), { log: quiet })
    },
    async stopWorker() {
      for (const c of worker) await c.close()
      worker = []
    },
    /** A call as the web client makes it: X-Requested-With always, JSON only with a body. */
    call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}, fromIp = ip): Promise<LightMyRequestResponse> {
      return app.inject(clientRequest(method, url, { body, headers, ip: fromIp }))
    },
    submit(body: Record<string, unknown>, fromIp = ip) {
      return h.call('POST', '/api/contacts', body, {}, fromIp)
    },
    async adminCookie() {
      return (await createTestSession(config)).cookie
    },
    /** Polls the stored request until `done` holds (bounded by the test's timeout, never asserted on time). */
    async until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
      for (;;) {
        const v = await read()
        if (done(v)) return v
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    async close() {
      await h.stopWorker()
      await app.db.dropDatabase().catch(() => undefined)
      await app.close()
    },
  }
  return h
}

let seq = 0
const run = Math.random().toString(36).slice(2, 8)
/** A valid, unique request. */
export function request(extra: Record<string, unknown> = {}) {
  seq++
  return { name: `Visitor ${seq}`, email: `visitor${seq}@example.com`, message: `We need an MVP, number ${seq} (${run}).`, ...extra }
}
