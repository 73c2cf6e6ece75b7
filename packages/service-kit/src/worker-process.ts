import Fastify from 'fastify'
import health from './health.js'
import metrics from './metrics.js'
import { loggerOptions } from './logger.js'
import { closeOnSignals, exitOnConfigError, type Closable } from './run.js'

export interface WorkerProcessOptions {
  name: string
  logLevel: string
  /** Port of the small HTTP server for probes and metrics (k8s liveness/readiness, Prometheus). */
  port: number
  host?: string
  shutdownTimeoutMs?: number
  /** Starts the workers, relays and connections; returns what must close, in order, on shutdown. */
  start: (ctx: {
    log: import('fastify').FastifyBaseLogger
    addReadinessCheck: (name: string, check: () => Promise<boolean>) => void
    metrics: import('prom-client').Registry
  }) => Promise<Closable[]>
}

/**
 * The process settings of a worker's configuration (LOG_LEVEL, WORKER_PORT, HOST, SHUTDOWN_TIMEOUT_MS),
 * with `drainMs` more on shutdown for the jobs in progress to finish.
 */
export function workerSettings(
  config: { LOG_LEVEL: string; WORKER_PORT: number; HOST?: string; SHUTDOWN_TIMEOUT_MS: number },
  drainMs = 0,
): Pick<WorkerProcessOptions, 'logLevel' | 'port' | 'host' | 'shutdownTimeoutMs'> {
  return {
    logLevel: config.LOG_LEVEL,
    port: config.WORKER_PORT,
    ...(config.HOST ? { host: config.HOST } : {}),
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS + drainMs,
  }
}

/** The body of every `worker.ts`: a BullMQ worker process with health, metrics and graceful close. */
export async function runWorkerProcess(opts: WorkerProcessOptions) {
  const app = Fastify({ logger: loggerOptions(opts.name, opts.logLevel), forceCloseConnections: true })
  await app.register(health)
  await app.register(metrics, { name: opts.name })
  await app.ready()
  const closables = await opts
    .start({ log: app.log, addReadinessCheck: app.addReadinessCheck, metrics: app.metrics })
    .catch(exitOnConfigError)
  closeOnSignals(
    async () => {
      app.closing = true
      for (const c of closables) await c.close()
      await app.close()
    },
    opts.shutdownTimeoutMs ?? 30000,
    app.log,
  )
  await app.listen({ port: opts.port, host: opts.host ?? '0.0.0.0' })
  app.log.info(`${opts.name} worker running`)
  return app
}
