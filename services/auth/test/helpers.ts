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

/** Adds a team member directly (as an accepted invitation would), with a role and an e-mail. */
export async function addMember(
  h: AuthApp,
  username: string,
  password: string,
  role: string,
  extra: { email?: string; languages?: string[] } = {},
): Promise<string> {
  const users = userModel(h.app.db)
  await users.init()
  const doc = await users.create({
    username,
    username_key: username.toLowerCase(),
    password_hash: await (await createHasher(h.config)).hash(password),
    role,
    ...(extra.email ? { email: extra.email.toLowerCase() } : {}),
    ...(extra.languages ? { languages: extra.languages } : {}),
  })
  return String(doc._id)
}

/** Signs in and answers the headers of that session as the web client sends them. */
export async function signIn(h: AuthApp, username: string, password: string) {
  const res = await h.call('POST', '/api/auth/login', { username, password })
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username}: ${res.statusCode} ${res.body}`)
  return { cookie: sessionCookie(res)!, 'x-requested-with': 'XMLHttpRequest' }
}

/** What the seeded account's answers hold besides its id and names (issue 46): the owner, no e-mail. */
export const OWNER = { role: 'owner', languages: [], email: null, two_factor: false }

/** The header the services' CSRF rule asks of a browser's write. */
export const XRW = { 'x-requested-with': 'XMLHttpRequest' }

/** The pending sign-in (a code or a 2FA setup still to come) a login answered, as the next call's headers. */
export function pendingOf(res: LightMyRequestResponse) {
  const c = res.cookies.find((x) => x.name === 'tfa')
  return { cookie: `tfa=${encodeURIComponent(c!.value)}`, ...XRW }
}
