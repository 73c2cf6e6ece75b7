import type { LightMyRequestResponse } from 'fastify'
import type { TestApp } from '@site/service-kit/testing'
import { buildApp } from '../src/app.js'
import { readConfig, type Config } from '../src/config.js'
import { userModel } from '../src/models/user.js'
import { createHasher } from '../src/lib/passwords.js'
import { upsertAdmin } from '../src/lib/admin-account.js'

type AuthApp = TestApp<Config, Awaited<ReturnType<typeof buildApp>>>

/** The auth service for the kit's testApp, with the clock its session limits read (tests move it). */
export const authAt = (now?: () => number) => ({
  config: readConfig,
  build: (config: Config) => buildApp(config, now ? { now } : {}),
})
export const auth = authAt()

/** Creates (or resets) an admin account directly, as the seed does. */
export async function addUser(h: AuthApp, username: string, password: string): Promise<string> {
  return (await upsertAdmin(userModel(h.app.db), await createHasher(h.config), username, password)).id
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
