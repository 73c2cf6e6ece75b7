import { createService } from '@site/service-kit'
import type { Config } from './config.js'
import security from './plugins/security.js'
import compression from './plugins/compression.js'
import etagCheck from './plugins/etag-check.js'
import health from './plugins/health.js'
import proxy from './plugins/proxy.js'
import metricsPort from './plugins/metrics-port.js'
import apiDocs from './plugins/api-docs.js'

/** The gateway: the only public port. Edge concerns here; every service still guards itself. */
export async function buildApp(config: Config) {
  const app = await createService({
    name: 'gateway',
    config,
    // Metrics are served on METRICS_PORT, never on the public port.
    metricsRoute: false,
    routes: async (app) => {
      await app.register(security, { config })
      // Test mode, before compression: it checks the upstream's own bytes.
      if (config.ETAG_CHECK) await app.register(etagCheck)
      // Before the routes, so its hooks cover every answer (proxied or the gateway's own).
      await app.register(compression, { config })
      await app.register(health, { config })
      await app.register(apiDocs, { config })
      await app.register(proxy, { config })
    },
  })
  // At the root, so server.ts sees app.listenMetrics.
  await app.register(metricsPort, { port: config.METRICS_PORT, host: config.HOST })
  return app
}
