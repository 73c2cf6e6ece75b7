import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STATUS_CODES } from 'node:http'
import { BODY_LIMITS, bodyTooLarge } from './body-limits.js'
import { HttpError } from './http-error.js'

export { HttpError }

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code)
export const unauthorized = (message = 'Authentication required', code?: string) =>
  new HttpError(401, message, code)
export const forbidden = (message: string, code?: string) => new HttpError(403, message, code)
export const notFound = (message = 'Not found', code?: string) => new HttpError(404, message, code)
export const conflict = (message: string, code?: string) => new HttpError(409, message, code)
export const unavailable = (
  message = 'Service temporarily unavailable, please try again shortly.',
  retryAfterS = 5,
) => new HttpError(503, message, 'UNAVAILABLE', { 'retry-after': String(retryAfterS) })

/** 429 with `Retry-After`: a limit or budget is spent for `retryAfterS` more seconds. */
export const tooManyRequests = (message: string, code: string, retryAfterS: number) =>
  new HttpError(429, message, code, { 'retry-after': String(retryAfterS) })

export interface ErrorBody {
  statusCode: number
  error: string
  message: string
  code?: string
}

const DB_DOWN = new Set([
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoTopologyClosedError',
  'MongooseServerSelectionError',
  'DisconnectedError',
])

/**
 * FerretDB answers while the PostgreSQL under it is away (restarting, recovering): InternalError
 * (code 1) with the driver's words for a connection it could not get or lost.
 */
const FERRETDB_BACKEND_DOWN =
  /failed to connect to|the database system is (starting up|shutting down|in recovery)|terminating connection|connection refused|conn closed|unexpected EOF/i

/** Errors that mean a dependency (database, Redis) is away, not that the request was bad. */
export function isDependencyDown(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false
  const e = err as { name?: string; message?: string; code?: string | number }
  if (e.name && DB_DOWN.has(e.name)) return true
  if (e.code === 1 && typeof e.message === 'string' && FERRETDB_BACKEND_DOWN.test(e.message)) return true
  if (e.message === "Stream isn't writeable and enableOfflineQueue options is false") return true
  if (e.message?.startsWith('Connection is closed') || e.name === 'MaxRetriesPerRequestError') return true
  return e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND' || e.code === 'ETIMEDOUT'
}

/**
 * A unique index refused a write. MongoDB says E11000; FerretDB 1.24 says so on inserts but reports
 * a clash on an update as InternalError (code 1) "UNIQUE constraint failed" from its SQL backend.
 */
export function isDuplicateKey(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false
  const e = err as { code?: unknown; message?: unknown }
  if (e.code === 11000 || e.code === 11001) return true
  return (
    e.code === 1 &&
    typeof e.message === 'string' &&
    /UNIQUE constraint failed|duplicate key value/i.test(e.message)
  )
}

/**
 * For a write's `.catch`: a unique-index clash becomes `error` (e.g. a 409 naming the field), any
 * other failure goes on as it was. `await posts.create(doc).catch(onDuplicateKey(conflict(...)))`.
 */
export function onDuplicateKey(error: Error) {
  return (err: unknown): never => {
    throw isDuplicateKey(err) ? error : err
  }
}

/** The one error body of the API: `{ statusCode, error, message, code? }`. */
export function errorBody(statusCode: number, message: string, code?: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(code ? { code } : {}) }
}

/**
 * One error shape for every service: `{ statusCode, error, message, code? }`.
 * 4xx messages are for users; a 5xx never carries internals (they go to the log instead).
 */
export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    // Fastify announces `Connection: close` here; the client (the gateway) would then see its write
    // fail (EPIPE) instead of this answer. Without it, Node reads and drops the rest of the body and
    // the connection stays usable; the gateway has already capped what it forwards.
    reply.removeHeader('connection')
    err = bodyTooLarge(request.routeOptions.bodyLimit ?? BODY_LIMITS.default) as unknown as FastifyError
  }
  if (err instanceof HttpError) {
    if (err.statusCode >= 500) request.log.warn({ err }, 'dependency unavailable')
    return reply
      .code(err.statusCode)
      .headers(err.headers)
      .send(errorBody(err.statusCode, err.message, err.code))
  }
  if (err.validation) {
    const first = err.validation[0]
    // A custom errorMessage in a route schema is the user's text; otherwise name the field.
    const field =
      first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ||
      (first?.params as { missingProperty?: string })?.missingProperty
    const msg =
      first?.message && (first.keyword === 'errorMessage' || !field)
        ? first.message
        : `${field}: ${first?.message ?? 'invalid'}`
    return reply.code(400).send(errorBody(400, msg, 'VALIDATION'))
  }
  if (isDuplicateKey(err)) {
    return reply.code(409).send(errorBody(409, 'This item already exists.', 'DUPLICATE'))
  }
  if (isDependencyDown(err)) {
    request.log.warn({ err }, 'dependency unavailable')
    return reply
      .code(503)
      .header('retry-after', '5')
      .send(errorBody(503, 'Service temporarily unavailable, please try again shortly.', 'UNAVAILABLE'))
  }
  const status = err.statusCode ?? 500
  if (status >= 400 && status < 500) {
    return reply.code(status).send(errorBody(status, err.message, err.code))
  }
  request.log.error({ err }, 'request failed')
  return reply.code(500).send(errorBody(500, 'Something went wrong on our side.'))
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(errorHandler)
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`, 'NOT_FOUND'))
  })
}
