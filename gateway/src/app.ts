import { createService } from '@site/service-kit'
import type { Config } from './config.js'
import security from './plugins/security.js'
import compression from './plugins/compression.js'
import health from './plugins/health.js'
import proxy from './plugins/proxy.js'

/** The gateway: the only public port. Edge concerns here; every service still guards itself. */
export async function buildApp(config: Config) {
  return createService({
    name: 'gateway',
    config,
    routes: async (app) => {
      await app.register(security, { config })
      // Before the routes, so its hooks cover every answer (proxied or the gateway's own).
      await app.register(compression)
      await app.register(health, { config })
      await app.register(proxy, { config })
    },
  })
}
