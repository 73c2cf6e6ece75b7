import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { SessionUser } from '../session/format.js'
import { clientRequest, createTestSession, testClientIp, testEnv } from './env.js'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface TestAppOptions<C, A extends FastifyInstance> {
  /** Names the test's database and queue prefix (a random suffix keeps files apart). */
  name: string
  /** Reads the service's configuration from the test environment (the service's `readConfig`). */
  config: (env: Record<string, string>) => C
  /** Builds the service (its `buildApp`). */
  build: (config: C) => Promise<A>
  /** Extra environment on top of testEnv's. */
  env?: Record<string, string>
  /** When given, the app closes (and its database is dropped) at the end of this test. */
  t?: { teardown(fn: () => unknown): void }
  /** The admin the `admin` headers sign in as (a session written the way auth writes it). */
  adminUser?: SessionUser
  /** Keep the database after close (a test that reopens it). */
  keepDb?: boolean
  /** Wait until /readyz answers 200 (the database and Redis connect in the background). */
  waitReady?: boolean
}

export interface TestApp<C, A extends FastifyInstance> {
  app: A
  config: C
  env: Record<string, string>
  /** The client address of this app's calls: per-IP limits of one test never touch another's. */
  ip: string
  /** Headers of a signed-in admin as the web client sends them (session cookie, X-Requested-With). */
  admin: { cookie: string; 'x-requested-with': string }
  /** A call as the web client makes it: X-Requested-With and the allowed origin always, JSON only with a body. */
  call(
    method: Method,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
    fromIp?: string,
  ): Promise<LightMyRequestResponse>
  /** Runs at close, before the app closes (workers, fake servers); last added runs first. */
  onClose(fn: () => unknown): void
  close(): Promise<void>
}

/**
 * The one test app builder of every service: the service on the test servers with a database and
 * queue prefix of its own, an admin session, and a client address of its own.
 */
export async function testApp<C, A extends FastifyInstance>(
  opts: TestAppOptions<C, A>,
): Promise<TestApp<C, A>> {
  const env = testEnv(opts.name, opts.env)
  const config = opts.config(env)
  const app = await opts.build(config)
  await app.ready()
  if (opts.waitReady) {
    for (let i = 0; i < 100 && (await app.inject('/readyz')).statusCode !== 200; i++)
      await new Promise((r) => setTimeout(r, 50))
  }
  const ip = testClientIp()
  const session = await createTestSession(env, opts.adminUser)
  const admin = { cookie: session.cookie, 'x-requested-with': 'XMLHttpRequest' }
  const cleanups: (() => unknown)[] = []
  let closed: Promise<void> | undefined
  const h: TestApp<C, A> = {
    app,
    config,
    env,
    ip,
    admin,
    call: (method, url, body, headers = {}, fromIp = ip) =>
      app.inject(clientRequest(method, url, { body, headers, ip: fromIp })),
    onClose: (fn) => void cleanups.push(fn),
    close() {
      closed ??= (async () => {
        for (const fn of cleanups.reverse()) await fn()
        const db = (app as { db?: { dropDatabase(): Promise<unknown> } }).db
        if (db && !opts.keepDb) await db.dropDatabase().catch(() => undefined)
        await app.close()
      })()
      return closed
    },
  }
  opts.t?.teardown(() => h.close())
  return h
}
