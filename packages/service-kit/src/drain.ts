import type { Server } from 'node:http'
import { setTimeout as delay } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'

const openConnections = (server: Server) =>
  new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)))

/**
 * The first step of a graceful close behind a load balancer that reuses connections (Kubernetes'
 * Service, the gateway's upstream pool, an ingress). Readiness turns false at once; then, for up to
 * `drainMs`, the process keeps serving and every answer carries `Connection: close`, so each client
 * opens its next connection to a replica that stays. Closing an idle keep-alive connection at once
 * instead races the client's next request on it: the client writes into a socket being closed and
 * gets EPIPE or ECONNRESET (what a gateway rollout on the cluster lost, 2 of 158 requests).
 * Ends as soon as no connection is left; what is still open at the deadline is closed by
 * `app.close()` after it (idle ones at once, busy ones when their answer is sent).
 */
export async function drainConnections(app: FastifyInstance, drainMs: number): Promise<void> {
  app.closing = true
  if (drainMs <= 0) return
  // First in line, before Fastify and the gateway's cache fast path write anything.
  app.server.prependListener('request', (_req, res) => res.setHeader('connection', 'close'))
  const deadline = Date.now() + drainMs
  while (Date.now() < deadline && (await openConnections(app.server)) > 0) await delay(50)
}
