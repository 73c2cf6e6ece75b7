import { createService } from '@site/service-kit'
import type { Config } from './config.js'
import routes from './routes/index.js'

/** The auth service as a Fastify instance (not listening): kit features plus its own routes. */
export async function buildApp(config: Config, opts: { now?: () => number } = {}) {
  return createService({
    name: 'auth',
    description: 'Admin accounts, sessions and credentials',
    config,
    publicPrefix: '/api/auth',
    routes: async (app) => {
      await app.register(routes, { config, ...(opts.now ? { now: opts.now } : {}) })
    },
  })
}
