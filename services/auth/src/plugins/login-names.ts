import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { loginNamesComplete, recordLoginNames } from '@site/service-kit'
import type { Config } from '../config.js'
import type { UserModel } from '../models/user.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The deployment's set of login names (kit session/login-names.ts): what must never be shown publicly. */
    loginNames: {
      record(names: string[]): Promise<void>
    }
  }
}

/** Records every account's name, marking the set whole. */
export async function recordEveryLoginName(users: UserModel, redis: Redis, prefix: string): Promise<void> {
  const all = await users.find({}, { username: 1 }).lean()
  await recordLoginNames(
    redis,
    prefix,
    all.map((u) => u.username),
    { complete: true },
  )
}

/** Records every account's name again when the set lost its marker; true when it had. */
export async function restoreLoginNamesIfLost(
  users: UserModel,
  redis: Redis,
  prefix: string,
): Promise<boolean> {
  if (await loginNamesComplete(redis, prefix)) return false
  await recordEveryLoginName(users, redis, prefix)
  return true
}

const RETRY_MS = 10_000
/** How often the set is checked for its completeness marker: one SISMEMBER per half minute. */
const CHECK_MS = 30_000

/**
 * Keeps the login-names set complete: every account's name at start (again every 10 s until
 * Redis and the database answer), and each name as it is used to sign in or given in a rename.
 * Names are only added: a former login name stays hidden too. When Redis loses the set, the
 * publishing services show the site's byline for every post (they fail closed) until the check
 * here, every 30 s, finds the marker gone and records every name again.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const prefix = config.QUEUE_PREFIX
    const recordAll = () => recordEveryLoginName(app.accounts.users, app.redis, prefix)
    const restoreIfLost = async () => {
      if (await restoreLoginNamesIfLost(app.accounts.users, app.redis, prefix))
        app.log.warn('the login-names set was lost; recorded every account again')
    }
    app.decorate('loginNames', {
      record: (names: string[]) =>
        recordLoginNames(app.redis, prefix, names).catch((err: unknown) =>
          app.log.warn({ err }, 'login names not recorded'),
        ),
    })
    let timer: NodeJS.Timeout | undefined
    const start = async () => {
      try {
        await recordAll()
      } catch (err) {
        app.log.warn({ err }, 'login names not recorded yet; trying again')
        timer = setTimeout(() => void start(), RETRY_MS)
        timer.unref()
        return
      }
      timer = setInterval(() => {
        restoreIfLost().catch((err: unknown) => app.log.warn({ err }, 'login names not checked'))
      }, CHECK_MS)
      timer.unref()
    }
    app.addHook('onReady', async () => void start())
    app.addHook('onClose', async () => clearTimeout(timer))
  },
  { name: 'auth-login-names', dependencies: ['kit-redis', 'auth-accounts'] },
)
