import fp from 'fastify-plugin'
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry
  }
}

/**
 * Prometheus `/metrics`: process metrics plus request duration by route and status. With
 * `route: false` only the registry is kept (`app.metrics`), for a process that serves it on a port
 * of its own (the gateway, whose own port is public).
 */
export default fp<{ name: string; route?: boolean }>(
  async (app, opts) => {
    const registry = new Registry()
    registry.setDefaultLabels({ service: opts.name })
    // The event-loop delay histogram samples on a timer: prom-client's default (every 10 ms) woke
    // each idle process 100 times a second, about 0.6 % of a core per process, ten processes in a
    // stack; every 100 ms still cost 0.10 %, every second 0.02 % (a bare Node 24 process, 20 s).
    // A stall is measured when it spans a sample's moment: a busy process's stalls still show in the
    // p99 (the SiteEventLoopLag alert), a single short one between samples may not.
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 1000 })
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    })
    const errors = new Counter({
      name: 'http_server_errors_total',
      help: 'Responses with a 5xx status',
      labelNames: ['route', 'status'] as const,
      registers: [registry],
    })
    app.decorate('metrics', registry)

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched'
      if (route === '/metrics' || route === '/livez' || route === '/readyz') return
      const status = String(reply.statusCode)
      duration.observe({ method: request.method, route, status }, reply.elapsedTime / 1000)
      if (reply.statusCode >= 500) errors.inc({ route, status })
    })

    if (opts.route === false) return
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_req, reply) => {
      reply.header('content-type', registry.contentType)
      return registry.metrics()
    })
  },
  { name: 'kit-metrics' },
)
