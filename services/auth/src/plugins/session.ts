import fp from 'fastify-plugin'
import session from '@fastify/session'
import { SESSION_COOKIE } from '@site/service-kit'
import type { Config } from '../config.js'
import { RedisSessionStore } from '../lib/session-store.js'

declare module 'fastify' {
  interface FastifyInstance {
    authSessions: RedisSessionStore
  }
}

const SECURE = { auto: 'auto', true: true, false: false } as const

/**
 * @fastify/session on the shared Redis store. The cookie is a browser-session cookie (no Max-Age):
 * idle and absolute expiry are enforced on the server, where they cannot be bypassed.
 * Not rolling: a request rewrites nothing, it only restarts the key's idle timer (see the store).
 */
export default fp<{ config: Config; now: () => number }>(
  async (app, { config, now }) => {
    const store = new RedisSessionStore(() => app.redis, now, config.QUEUE_PREFIX)
    app.decorate('authSessions', store)
    await app.register(session, {
      secret: config.SESSION_SECRET,
      cookieName: SESSION_COOKIE,
      store,
      saveUninitialized: false,
      rolling: false,
      cookie: {
        path: '/',
        httpOnly: true,
        sameSite: config.SESSION_COOKIE_SAMESITE,
        secure: SECURE[config.SESSION_COOKIE_SECURE],
      },
    })
  },
  { name: 'auth-session', dependencies: ['kit-redis', 'kit-session-reader'] },
)
