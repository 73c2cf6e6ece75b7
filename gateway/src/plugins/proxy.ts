import fp from 'fastify-plugin'
import proxy from '@fastify/http-proxy'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { IncomingHttpHeaders } from 'node:http'
import { BODY_LIMITS, bodyTooLarge, errorBody } from '@site/service-kit'
import type { Config } from '../config.js'
import { INTERNAL_PATHS, upstreamRoutes } from '../routes.js'
import { upstreamError } from './upstream-errors.js'
import {
  DRAIN_MAX_BYTES,
  cutOffSlowRemainder,
  drain,
  keepConnectionOnEarlyAnswer,
  upstreamBody,
} from './request-body.js'

/**
 * Forwards the request id and the client address the gateway determined; whatever a client sent
 * in X-Forwarded-* is replaced, so services can trust these headers from the gateway alone.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reply-from types the request of any HTTP version
function forwardHeaders(anyRequest: any, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const request = anyRequest as FastifyRequest
  return {
    ...headers,
    'x-request-id': request.id,
    'x-forwarded-for': request.ip,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
  }
}

/** The web server reads no Authorization: a page is the same for every visitor, so it is not sent on. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as forwardHeaders
function forwardPageHeaders(anyRequest: any, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { authorization: _ignored, ...rest } = forwardHeaders(anyRequest, headers)
  return rest
}

function replyOptions(timeout: number, rewriteRequestHeaders = forwardHeaders) {
  return {
    timeout,
    onError: upstreamError,
    rewriteRequestHeaders,
    // Never retry: a 503 or a refused connection is answered at once, so the client sees it within the route's timeout.
    retryDelay: () => null,
    // An early answer keeps the client's connection open (its body is drained) rather than closing it under the client.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reply-from types request and reply of any HTTP version
    onResponse: (request: any, reply: any, res: { stream: NodeJS.ReadableStream }) => {
      keepConnectionOnEarlyAnswer((request as FastifyRequest).raw, reply as FastifyReply)
      return (reply as FastifyReply).send(res.stream)
    },
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    // Every answer, proxied or the gateway's own: the rest of an unfinished body gets a deadline.
    app.addHook('onResponse', async (request) => cutOffSlowRemainder(request.raw))

    for (const route of upstreamRoutes(config)) {
      const timeout = route.slow ? config.SLOW_UPSTREAM_TIMEOUT_MS : config.UPSTREAM_TIMEOUT_MS
      const limit = route.bodyLimit ?? BODY_LIMITS.default
      await app.register(proxy, {
        upstream: route.upstream,
        prefix: route.prefix,
        rewritePrefix: route.prefix,
        replyOptions: replyOptions(timeout),
        // The rate limit is the security plugin's global one (one budget per class across the API).
        config: { bodyLimit: limit, tooLarge: route.tooLarge },
        undici: { connections: 128, keepAliveTimeout: 4000 },
        handler: (request, reply, dest, options) => {
          // http-proxy hands the client's request stream over as the body (nothing is parsed here).
          if (request.body === request.raw) {
            const declared = Number(request.headers['content-length'])
            if (declared > limit) {
              // Refused before a byte is forwarded; a body too big to drain ends the connection.
              if (declared - limit > DRAIN_MAX_BYTES) reply.header('connection', 'close')
              else drain(request.raw)
              const err = bodyTooLarge(limit, route.tooLarge)
              return reply.code(413).send(errorBody(413, err.message, err.code))
            }
            request.body = upstreamBody(request.raw, limit, timeout)
          }
          return reply.from(dest, options)
        },
      })
    }

    // An /api path no service owns is a JSON 404, never the web app's HTML; so is an internal one.
    const notFound = async (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(404)
        .send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`, 'NOT_FOUND'))
    app.all('/api/*', notFound)
    for (const path of INTERNAL_PATHS) app.all(path, notFound)

    // The gateway's metrics live on METRICS_PORT; here /metrics is nobody's (not even the web app's).
    app.get('/metrics', async (_request, reply) =>
      reply.code(404).send(errorBody(404, 'Route GET /metrics not found', 'NOT_FOUND')),
    )

    // Everything else is the web app; its server answers unknown paths with index.html (history fallback).
    await app.register(proxy, {
      upstream: config.WEB_URL,
      prefix: '/',
      httpMethods: ['GET', 'HEAD'],
      replyOptions: replyOptions(config.PAGE_TIMEOUT_MS, forwardPageHeaders),
    })
  },
  { name: 'gateway-proxy' },
)
