import type { FastifyReply } from 'fastify'
import { errorBody } from '@site/service-kit'

/**
 * Maps a failed proxy attempt to an answer in the API's error shape. The upstream's address and
 * the underlying error stay in the log; the client learns only what it can act on.
 */
// Typed loosely on purpose: reply-from declares the reply of any HTTP version.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function upstreamError(anyReply: any, { error }: { error: Error & { code?: string; cause?: unknown } }): void {
  const reply = anyReply as FastifyReply
  const cause = (error.cause ?? {}) as { code?: string; name?: string }
  const code = cause.code ?? error.code ?? ''
  const timeout =
    error.name === 'GatewayTimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT' ||
    cause.name === 'TimeoutError'
  reply.request.log.warn({ err: error, code }, 'upstream failed')
  if (reply.sent) return
  if (timeout) {
    reply.code(504).send(errorBody(504, 'The service took too long to answer. Please try again.', 'UPSTREAM_TIMEOUT'))
    return
  }
  reply
    .code(503)
    .header('retry-after', '5')
    .send(errorBody(503, 'This part of the site is temporarily unavailable. Please try again shortly.', 'UPSTREAM_UNAVAILABLE'))
}
