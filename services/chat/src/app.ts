import fp from 'fastify-plugin'
import { createService } from '@site/service-kit'
import type { Config } from './config.js'
import routes from './routes/index.js'

/** The chat service as a Fastify instance (not listening): kit features plus its own routes. */
export async function buildApp(config: Config) {
  return createService({
    name: 'chat',
    config,
    publicPrefix: '/api/chat',
    // Not encapsulated, so `app.knowledge` and `app.conversations` are reachable for operators' tools and tests.
    routes: fp(async (app) => {
      await app.register(routes, { config })
    }),
  })
}
