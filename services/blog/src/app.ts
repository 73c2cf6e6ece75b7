import { createService } from '@site/service-kit'
import type { Config } from './config.js'
import routes from './routes/index.js'

/** The blog service as a Fastify instance (not listening): kit features plus its own routes. */
export async function buildApp(config: Config) {
  return createService({
    name: 'blog',
    config,
    publicPrefix: '/api/blog',
    routes: async (app) => {
      await app.register(routes, { config })
    },
  })
}
