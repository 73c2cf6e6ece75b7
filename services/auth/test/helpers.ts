import type { LightMyRequestResponse } from 'fastify'
import { clientRequest, testClientIp, testEnv } from '@site/service-kit/testing'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { userModel } from '../src/models/user.js'
import { createHasher } from '../src/lib/passwords.js'
import { upsertAdmin } from '../src/lib/admin-account.js'


/** An auth app on the test servers, its own database, and a client IP of its own (failure counters are per IP). */
export async function authApp(name: string, extra: Record<string, string> = {}, opts: { now?: () => number } = {}) {
  const config = readConfig(testEnv(name, extra))
  const app = await buildApp(config, opts)
  await app.ready()
  const ip = testClientIp()
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
      return app.inject(clientRequest(method, url, { body, headers, ip: fromIp }))
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
