import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { services } from '../routes.js'

/** `/api/health`: the readiness of every service behind the gateway, for operators and smoke tests. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.get('/api/health', { logLevel: 'warn' }, async (_req, reply) => {
      const entries = await Promise.all(
        Object.entries(services(config)).map(async ([name, base]) => {
          try {
            const res = await fetch(new URL('/readyz', base), { signal: AbortSignal.timeout(2000) })
            return [name, res.ok ? 'ok' : 'unavailable'] as const
          } catch {
            return [name, 'unreachable'] as const
          }
        }),
      )
      const status = Object.fromEntries(entries)
      const ok = entries.every(([, s]) => s === 'ok')
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', services: status })
    })
  },
  { name: 'gateway-health' },
)
