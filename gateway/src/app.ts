import { createService } from '@site/service-kit'
import type { Config } from './config.js'
import security from './plugins/security.js'
import health from './plugins/health.js'
import proxy from './plugins/proxy.js'
import apiDocs from './plugins/api-docs.js'

/** The gateway: the only public port. Edge concerns here; every service still guards itself. */
export async function buildApp(config: Config) {
  return createService({
    name: 'gateway',
    config,
    routes: async (app) => {
      await app.register(security, { config })
      await app.register(health, { config })
      await app.register(apiDocs, { config })
      await app.register(proxy, { config })
    },
  })
}
