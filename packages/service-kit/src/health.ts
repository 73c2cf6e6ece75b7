import fp from 'fastify-plugin'

export type ReadinessCheck = () => Promise<boolean>

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds a dependency that /readyz must find healthy. */
    addReadinessCheck(name: string, check: ReadinessCheck): void
    /** Set when the process begins to close: /readyz answers 503 so load balancers stop sending. */
    closing: boolean
  }
}

/** `/livez`: the process answers. `/readyz`: it can do its work (database, Redis) and is not closing. */
export default fp<{ name?: string; publicPrefix?: string }>(
  async (app, opts) => {
    const checks = new Map<string, ReadinessCheck>()
    app.decorate('closing', false)
    app.decorate('addReadinessCheck', (name: string, check: ReadinessCheck) => {
      checks.set(name, check)
    })
    app.addHook('preClose', async () => {
      app.closing = true
    })

    const hidden = { hide: true, logLevel: 'warn' as const }
    app.get('/livez', { schema: hidden, logLevel: 'warn' }, async () => ({ status: 'ok' }))
    async function readiness() {
      const results: Record<string, boolean> = {}
      await Promise.all(
        [...checks].map(async ([name, check]) => {
          results[name] = await check().catch(() => false)
        }),
      )
      const ready = !app.closing && Object.values(results).every(Boolean)
      return {
        ready,
        body: { status: ready ? 'ok' : app.closing ? 'closing' : 'unavailable', checks: results },
      }
    }
    app.get('/readyz', { schema: hidden, logLevel: 'warn' }, async (_req, reply) => {
      const { ready, body } = await readiness()
      return reply.code(ready ? 200 : 503).send(body)
    })

    // The same answers under the service's public prefix, so they can be reached through the gateway:
    // `<prefix>/health` (readiness, with the service name) and `<prefix>/ping` (a static answer).
    if (opts.publicPrefix) {
      const service = opts.name ?? 'service'
      app.get(
        `${opts.publicPrefix}/health`,
        { schema: { tags: ['health'] }, logLevel: 'warn' },
        async (_req, reply) => {
          const { ready, body } = await readiness()
          return reply.code(ready ? 200 : 503).send({ service, ...body })
        },
      )
      app.get(`${opts.publicPrefix}/ping`, { schema: { tags: ['health'] }, logLevel: 'warn' }, async () => ({
        service,
        pong: true,
      }))
    }
  },
  { name: 'kit-health' },
)
