import fp from 'fastify-plugin'
import { recordLoginNames } from '@site/service-kit'
import type { Config } from '../config.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The deployment's set of login names (kit session/login-names.ts): what must never be shown publicly. */
    loginNames: { record(names: string[]): Promise<void> }
  }
}

const RETRY_MS = 10_000

/**
 * Keeps the login-names set complete: every account's name at start (again every 10 s until
 * Redis and the database answer), and each name as it is used to sign in or given in a rename.
 * Names are only added: a former login name stays hidden too.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const record = (names: string[]) => recordLoginNames(app.redis, config.QUEUE_PREFIX, names)
    app.decorate('loginNames', {
      record: (names: string[]) =>
        record(names).catch((err: unknown) => app.log.warn({ err }, 'login names not recorded')),
    })
    let timer: NodeJS.Timeout | undefined
    const recordAll = async () => {
      try {
        const users = await app.accounts.users.find({}, { username: 1 }).lean()
        await record(users.map((u) => u.username))
      } catch (err) {
        app.log.warn({ err }, 'login names not recorded yet; trying again')
        timer = setTimeout(() => void recordAll(), RETRY_MS)
        timer.unref()
      }
    }
    app.addHook('onReady', async () => void recordAll())
    app.addHook('onClose', async () => clearTimeout(timer))
  },
  { name: 'auth-login-names', dependencies: ['kit-redis', 'auth-accounts'] },
)
