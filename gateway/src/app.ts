import { createService } from '@site/service-kit'
import type { Config } from './config.js'
import security from './plugins/security.js'
import compression from './plugins/compression.js'
import etagCheck from './plugins/etag-check.js'
import health from './plugins/health.js'
import proxy from './plugins/proxy.js'
import metricsPort from './plugins/metrics-port.js'
import apiDocs from './plugins/api-docs.js'
import sharedCacheLookup, { answerFreshHitsFirst } from './plugins/shared-cache-lookup.js'
import sharedCacheStore from './plugins/shared-cache-store.js'
import purgeSubscriber from './plugins/purge-subscriber.js'
import canonicalPath from './plugins/canonical-path.js'
import pageMissBudget from './plugins/page-miss-budget.js'
import { personalCheck } from './cache/visitor.js'
import pageViews, { countPageViews } from './plugins/page-views.js'
import type { PageCounter } from './analytics/counter.js'
import { cacheMetrics, type CacheMetrics } from './plugins/shared-cache-metrics.js'
import { SharedCache, cacheBudget } from './cache/shared-cache.js'

declare module 'fastify' {
  interface FastifyInstance {
    sharedCache: SharedCache
  }
}

/** The gateway: the only public port. Edge concerns here; every service still guards itself. */
export async function buildApp(config: Config) {
  // One store for the shared cache's answers and the compressed copies, within one budget.
  const cache = new SharedCache(cacheBudget(config), config.CACHE_PURGED_STALE_SECONDS * 1000)
  const personal = personalCheck(config.SESSION_SECRET)
  let metrics!: CacheMetrics
  let counter: PageCounter | undefined
  const app = await createService({
    name: 'gateway',
    // The session secret is the gateway's to check signatures with; it reads no sessions (no Redis
    // session reader, no CSRF check: the services do both).
    config: { ...config, SESSION_SECRET: undefined },
    // Metrics are served on METRICS_PORT, never on the public port.
    metricsRoute: false,
    routes: async (app) => {
      metrics = cacheMetrics(app.metrics, cache)
      // One spelling per page: the others are a 301 before anything is looked up or kept.
      await app.register(canonicalPath)
      // Then: a fresh hit is answered before the router, helmet and the rate limit run.
      if (config.CACHE_ENABLED)
        await app.register(sharedCacheLookup, {
          cache,
          metrics,
          coalesceWaitMs: config.CACHE_COALESCE_WAIT_MS,
          personal,
        })
      await app.register(security, { config })
      // Pages that reach the web server, per address (hits were answered above and are free).
      if (config.CACHE_ENABLED)
        await app.register(pageMissBudget, { perMinute: config.RATE_LIMIT_PAGE_MISSES_PER_MINUTE })
      // Test mode, before compression: it checks the upstream's own bytes.
      if (config.ETAG_CHECK) await app.register(etagCheck)
      // Before the routes, so its hooks cover every answer (proxied or the gateway's own).
      await app.register(compression, { cache })
      // After compression: it keeps what went out, once per encoding.
      if (config.CACHE_ENABLED) {
        const staleIfErrorSeconds = config.CACHE_STALE_IF_ERROR_SECONDS
        await app.register(sharedCacheStore, { cache, metrics, staleIfErrorSeconds })
        await app.register(purgeSubscriber, {
          redisUrl: config.REDIS_URL,
          prefix: config.QUEUE_PREFIX,
          cache,
          metrics,
        })
      }
      await app.register(pageViews, { config, onCounter: (c) => (counter = c) })
      await app.register(health, { config })
      await app.register(apiDocs, { config })
      await app.register(proxy, { config })
    },
  })
  // The purge subscriber's target, for tests and the operator's tools.
  app.decorate('sharedCache', cache)
  if (config.CACHE_ENABLED) answerFreshHitsFirst(app.server, cache, metrics, personal)
  // After the cache's listener: page views are counted on every answer, its hits included.
  if (counter) countPageViews(app.server, counter, personal, config.TRUST_PROXY)
  // At the root, so server.ts sees app.listenMetrics.
  await app.register(metricsPort, { port: config.METRICS_PORT, host: config.HOST })
  return app
}
