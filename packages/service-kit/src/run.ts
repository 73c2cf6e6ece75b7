import type { FastifyInstance } from 'fastify'
import { ConfigError } from './config.js'
import { drainConnections } from './drain.js'

export interface Closable {
  close(): Promise<unknown>
}

/**
 * Exits with one readable sentence when configuration is wrong (never a stack trace).
 */
export function exitOnConfigError(err: unknown): never {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`)
    process.exit(78) // EX_CONFIG
  }
  throw err
}

/**
 * Closes once on SIGTERM/SIGINT: readiness turns false at once, in-flight work drains, then
 * queues, Redis and the database close (their onClose hooks). A second signal or the timeout
 * forces the exit.
 */
export function closeOnSignals(
  close: () => Promise<unknown>,
  timeoutMs: number,
  log: { info: (m: string) => void; error: (o: object, m: string) => void },
) {
  let closing = false
  const handler = (signal: string) => {
    if (closing) process.exit(1)
    closing = true
    log.info(`${signal} received, closing`)
    const timer = setTimeout(() => {
      log.error({}, 'close timed out, exiting')
      process.exit(1)
    }, timeoutMs)
    timer.unref()
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'close failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', handler)
  process.on('SIGINT', handler)
}

/**
 * The body of every `server.ts`: build, listen on HOST:PORT, close with grace: drain keep-alive
 * connections for up to `drainMs` (SHUTDOWN_DRAIN_MS, see drain.ts), then close.
 */
export async function runService(
  build: () => Promise<{
    app: FastifyInstance
    port: number
    host?: string
    shutdownTimeoutMs?: number
    drainMs?: number
  }>,
) {
  const { app, port, host, shutdownTimeoutMs, drainMs = 0 } = await build().catch(exitOnConfigError)
  const close = async () => {
    await drainConnections(app, drainMs)
    await app.close()
  }
  closeOnSignals(close, drainMs + (shutdownTimeoutMs ?? 10000), app.log)
  await app.listen({ port, host: host ?? '0.0.0.0' })
  return app
}

/** What a service's configuration says about its process (the kit's baseConfigProperties). */
interface ProcessConfig {
  PORT: number
  HOST?: string
  SHUTDOWN_TIMEOUT_MS: number
  SHUTDOWN_DRAIN_MS: number
}

/** The whole `server.ts` of a service: read its configuration, build its app, runService. */
export function serveApp<C extends ProcessConfig>(
  readConfig: () => C,
  buildApp: (config: C) => Promise<FastifyInstance>,
) {
  return runService(async () => {
    const config = readConfig()
    return {
      app: await buildApp(config),
      port: config.PORT,
      host: config.HOST,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      drainMs: config.SHUTDOWN_DRAIN_MS,
    }
  })
}

/** loadConfig for a process entry point: a wrong configuration ends the process with its readable message. */
export function loadConfigOrExit<T>(load: () => T): T {
  try {
    return load()
  } catch (err) {
    return exitOnConfigError(err)
  }
}
