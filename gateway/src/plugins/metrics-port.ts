import fp from 'fastify-plugin'
import Fastify from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts the metrics port (server.ts does, after the public port listens). */
    listenMetrics(): Promise<void>
  }
}

/**
 * The gateway's Prometheus metrics on a port of their own (METRICS_PORT), as the workers serve
 * theirs: the gateway's own port is public, and process and route internals are not for visitors.
 * Nothing is proxied here; the port closes with the gateway.
 */
export default fp<{ port: number; host: string }>(
  async (app, { port, host }) => {
    const server = Fastify({ logger: false })
    server.get('/metrics', async (_req, reply) =>
      reply.header('content-type', app.metrics.contentType).send(await app.metrics.metrics()),
    )
    let listening = false
    app.decorate('listenMetrics', async () => {
      await server.listen({ port, host })
      listening = true
      app.log.info(`metrics on port ${(server.server.address() as { port: number }).port}`)
    })
    app.addHook('onClose', async () => {
      if (listening) await server.close()
    })
  },
  { name: 'gateway-metrics-port' },
)
