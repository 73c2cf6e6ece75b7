/**
 * What code outside a request (jobs, workers, background sweeps) needs of a logger: Fastify's and
 * pino's loggers fit it, and a test passes `{ info() {}, warn() {} }`.
 */
export interface Log {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/** A logger that says nothing (tests, one-off scripts). */
export const silentLog: Log = { info() {}, warn() {} }
