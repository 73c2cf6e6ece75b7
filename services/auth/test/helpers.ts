import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { testEnv } from '@site/service-kit/testing'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { userModel } from '../src/models/user.js'
import { createHasher } from '../src/lib/passwords.js'
import { upsertAdmin } from '../src/lib/admin-account.js'

export const ORIGIN = 'http://localhost:8080'
let ipCounter = 0

/** An auth app on the test servers, its own database, and a client IP of its own (failure counters are per IP). */
export async function authApp(name: string, extra: Record<string, string> = {}, opts: { now?: () => number } = {}) {
  const config = readConfig(testEnv(name, extra))
  const app = await buildApp(config, opts)
  await app.ready()
  const ip = `10.${process.pid % 250}.${Math.floor(Math.random() * 250)}.${++ipCounter}`
  const hasher = await createHasher(config)
  return {
    app,
    config,
    ip,
    /** Creates (or resets) an admin account directly, as the seed does. */
    async addUser(username: string, password: string) {
      return (await upsertAdmin(userModel(app.db), hasher, username, password)).id
    },
    /** A call as the web client makes it: X-Requested-With always, JSON only with a body. */
    call(method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}, fromIp = ip): Promise<LightMyRequestResponse> {
      const o: InjectOptions = {
        method,
        url,
        headers: { 'x-requested-with': 'XMLHttpRequest', origin: ORIGIN, 'x-forwarded-for': fromIp, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }
      return app.inject(o)
    },
    async close() {
      await app.db.dropDatabase().catch(() => undefined)
      await app.close()
    },
  }
}

/** The `sid=...` pair of a response's session cookie, ready for a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((x) => x.name === 'sid')
  return c && c.value ? `sid=${encodeURIComponent(c.value)}` : undefined
}

export function setCookieHeader(res: LightMyRequestResponse): string {
  const h = res.headers['set-cookie']
  return Array.isArray(h) ? h.join('\n') : (h ?? '')
}
