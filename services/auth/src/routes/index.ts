import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody, SecurityInfo } from '@site/contracts'
import { noStore } from '@site/service-kit'
import type { Config } from '../config.js'
import { createHasher } from '../lib/passwords.js'
import { createLoginLimiter } from '../lib/login-limiter.js'
import { securityInfo } from '../lib/security-info.js'
import type { AuthDeps } from '../lib/deps.js'
import { userModel } from '../models/user.js'
import sessionPlugin from '../plugins/session.js'
import sessionRoutes from './session.js'
import accountRoutes from './account.js'

export interface RouteOptions {
  config: Config
  /** Clock for session limits; tests inject one to move time. */
  now?: () => number
}

/** The auth service's routes, in their own context: @fastify/session runs only for these. */
const routes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config, now = Date.now }) => {
  await app.register(sessionPlugin, { config, now })
  // Every answer here is about the caller's session or account: never stored (issue 16.14).
  app.addHook('onSend', noStore)
  const deps: AuthDeps = {
    config,
    now,
    users: userModel(app.db),
    hasher: await createHasher(config),
    limiter: createLoginLimiter(() => app.redis, {
      maxFailures: config.LOGIN_MAX_FAILURES,
      windowMs: config.LOGIN_WINDOW_MS,
      prefix: `${config.QUEUE_PREFIX}:login-fail`,
    }),
    sessions: app.authSessions,
  }
  const items = securityInfo(config)
  app.get('/api/auth/security-info', { schema: { tags: ['auth'], response: { 200: SecurityInfo, 503: ErrorBody } } }, async () => ({ items }))
  await app.register(sessionRoutes, { deps })
  await app.register(accountRoutes, { deps })
}

export default routes
