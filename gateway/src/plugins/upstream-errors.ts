import type { FastifyReply } from 'fastify'
import { BODY_LIMITS, bodyTooLarge, errorBody } from '@site/service-kit'
import { bodyWasTooLarge, bodyWasTooSlow } from './request-body.js'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The gateway got no answer from the upstream (its own 502, 503 or 504): what the shared cache
     * counts as the upstream being unwell, unlike any answer the upstream sent itself.
     */
    upstreamFailed?: true
  }
}

/** The upstream could not be reached at all: it is down or starting, so "try again shortly" is true. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'FST_REPLY_FROM_SERVICE_UNAVAILABLE',
])

/**
 * Maps a failed proxy attempt to an answer in the API's error shape. The upstream's address and
 * the underlying error stay in the log; the client learns only what it can act on.
 * - no answer within the route's timeout → 504
 * - the upstream could not be reached → 503 with Retry-After
 * - the upstream was reached but broke the exchange off without a usable answer (it closed the
 *   connection while the gateway was still sending the body: EPIPE, ECONNRESET, a socket error) → 502.
 *   When the upstream did answer before closing, reply-from has already passed that answer on and
 *   this is not called.
 */
// Typed loosely on purpose: reply-from declares the reply of any HTTP version.
export function upstreamError(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  anyReply: any,
  { error }: { error: Error & { code?: string; cause?: unknown } },
): void {
  const reply = anyReply as FastifyReply
  const cause = (error.cause ?? {}) as { code?: string; name?: string }
  const code = cause.code ?? error.code ?? ''
  const timeout =
    error.name === 'GatewayTimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT' ||
    cause.name === 'TimeoutError'
  if (reply.sent) return
  if (bodyWasTooLarge(reply.request.raw)) {
    // The gateway cut the body at the route's limit itself (a body sent without Content-Length).
    const { bodyLimit, tooLarge } = reply.request.routeOptions.config as {
      bodyLimit?: number
      tooLarge?: string
    }
    const err = bodyTooLarge(bodyLimit ?? BODY_LIMITS.default, tooLarge)
    reply.code(413).send(errorBody(413, err.message, err.code))
    return
  }
  if (bodyWasTooSlow(reply.request.raw)) {
    reply.request.log.info('request body too slow, cut off')
    reply
      .code(408)
      .header('connection', 'close')
      .send(errorBody(408, 'The request took too long to arrive. Please try again.', 'REQUEST_TIMEOUT'))
    return
  }
  reply.request.log.warn({ err: error, code }, 'upstream failed')
  reply.request.upstreamFailed = true
  if (timeout) {
    reply
      .code(504)
      .send(errorBody(504, 'The service took too long to answer. Please try again.', 'UPSTREAM_TIMEOUT'))
    return
  }
  if (UNREACHABLE.has(code) || UNREACHABLE.has(error.code ?? '')) {
    reply
      .code(503)
      .header('retry-after', '5')
      .send(
        errorBody(
          503,
          'This part of the site is temporarily unavailable. Please try again shortly.',
          'UPSTREAM_UNAVAILABLE',
        ),
      )
    return
  }
  reply
    .code(502)
    .send(errorBody(502, 'The service broke off its answer. Please try again.', 'UPSTREAM_FAILED'))
}
