import { createService } from '@site/service-kit'
import type { Config } from './config.js'
import routes from './routes/index.js'

/** The contact service as a Fastify instance (not listening): kit features plus its own routes. */
export async function buildApp(config: Config) {
  return createService({
    name: 'contact',
    config,
    publicPrefix: '/api/contacts',
    routes: async (app) => {
      await app.register(routes, { config })
    },
  })
}
