import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { createHasher, type PasswordHasher } from '../lib/passwords.js'
import { createLoginLimiter, type LoginLimiter } from '../lib/login-limiter.js'
import { userModel, type UserModel } from '../models/user.js'

/** What the account routes work with: the users, the password hasher, the failure limit and the clock. */
export interface Accounts {
  users: UserModel
  hasher: PasswordHasher
  limiter: LoginLimiter
  /** Clock for session limits; tests inject one to move time. */
  now: () => number
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts
  }
}

export default fp<{ config: Config; now: () => number }>(
  async (app, { config, now }) => {
    app.decorate('accounts', {
      users: userModel(app.db),
      hasher: await createHasher(config),
      limiter: createLoginLimiter(() => app.redis, {
        maxFailures: config.LOGIN_MAX_FAILURES,
        maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
        maxPerUsername: config.LOGIN_MAX_FAILURES_PER_USERNAME,
        windowMs: config.LOGIN_WINDOW_MS,
        prefix: `${config.QUEUE_PREFIX}:login-fail`,
      }),
      now,
    })
  },
  { name: 'auth-accounts', dependencies: ['kit-redis'] },
)
