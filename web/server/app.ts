import { createService } from '@site/service-kit'
import type { Config } from './config'
import routes from './routes/index'

export interface AppOptions {
  /** web/dist: the browser build (index.html, Vite's manifest, hashed assets, precompressed copies). */
  dist: string
}

/**
 * The web server: the public pages rendered on the server, sitemaps, robots and feeds, and the
 * browser build's files. The kit gives it what every process has: JSON logs with request ids,
 * /livez and /readyz, /metrics, the error shape, graceful close. No API document: it serves pages.
 */
export function buildApp(config: Config, opts: AppOptions) {
  return createService({
    name: 'web',
    config,
    openapi: false,
    routes: async (app) => {
      await app.register(routes, { config, dist: opts.dist })
    },
  })
}
