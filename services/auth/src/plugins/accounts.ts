import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { createHasher, type PasswordHasher } from '../lib/passwords.js'
import { createLoginLimiter, type LoginLimiter } from '../lib/login-limiter.js'
import { userModel, type UserModel } from '../models/user.js'
import { policyModel, type PolicyModel } from '../models/policy.js'

/** What the account routes work with: the users, the password hasher, the failure limit and the clock. */
export interface Accounts {
  users: UserModel
  /** The team's sign-in policy (roles that must use two-factor sign-in). */
  policies: PolicyModel
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
    const users = userModel(app.db)
    app.decorate('accounts', {
      users,
      policies: policyModel(app.db),
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
    app.addHook('onReady', async () => {
      const derived = await deriveTwoFactor(users).catch((err: unknown) => {
        app.log.warn({ err }, 'two_factor not derived for older accounts')
        return 0
      })
      if (derived) app.log.info({ event: 'two_factor_derived', accounts: derived }, 'two_factor derived')
    })
  },
  { name: 'auth-accounts', dependencies: ['kit-redis'] },
)

/**
 * Accounts from before the `two_factor` field get it from their secret, once (the Users list
 * reads the field, never the secret). Idempotent: only documents without the field are written.
 */
export async function deriveTwoFactor(users: UserModel): Promise<number> {
  const trusted = users.base.trusted.bind(users.base)
  const missing = trusted({ $exists: false }) as never
  const on = await users.updateMany(
    { two_factor: missing, totp_secret: trusted({ $ne: null }) as never },
    { $set: { two_factor: true } },
  )
  const off = await users.updateMany({ two_factor: missing }, { $set: { two_factor: false } })
  return on.modifiedCount + off.modifiedCount
}
