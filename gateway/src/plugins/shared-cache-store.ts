import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Readable, Transform, pipeline } from 'node:stream'
import { unpooledCopy } from '../cache/compressed-copies.js'
import { ANSWER_MAX_BYTES, type SharedCache } from '../cache/shared-cache.js'
import { clientCacheHeaders, toEntry, varyMatches, type CachedAnswer } from '../cache/shared-policy.js'
import type { CacheMetrics } from './shared-cache-metrics.js'

/**
 * The shared cache's way out (plugins/shared-cache-lookup.ts answers from it): an onSend hook,
 * registered after compression, so what is kept is exactly what went out, once per encoding,
 * security headers included. It also
 * - answers a request the gateway could not get an answer for (its own 502/503/504: refused,
 *   timed out, broken off) with the kept answer while stale-if-error allows, and counts the failure
 *   against the upstream (cache/shared-cache.ts, Health). An answer the upstream chose to send,
 *   a 503 page included, is passed on as it is: that upstream is well, it said so;
 * - keeps nothing fetched across a purge that dropped answers (it may be from before the write),
 *   and nothing under a key for another encoding than the one it went out in;
 * - adds `Cache-Status` (RFC 9211) and `Age` to every answer that did not come from the store.
 */

/** The body of `payload` once it has gone out whole (null when cut short or too big to keep). */
function capture(payload: unknown, done: (body: Buffer | null) => void): unknown {
  if (typeof payload === 'string') {
    done(Buffer.from(payload))
    return payload
  }
  if (Buffer.isBuffer(payload)) {
    done(payload)
    return payload
  }
  if (!(payload instanceof Readable)) {
    done(null)
    return payload
  }
  let chunks: Buffer[] | null = []
  let bytes = 0
  const keep = new Transform({
    transform(chunk: Buffer, _enc, next) {
      bytes += chunk.length
      if (bytes > ANSWER_MAX_BYTES) chunks = null
      chunks?.push(chunk)
      next(null, chunk)
    },
  })
  pipeline(payload, keep, (err) => done(!err && chunks ? unpooledCopy(chunks, bytes) : null))
  return keep
}

/** Replaces the upstream's failed answer by the kept one. */
function standIn(reply: FastifyReply, payload: unknown, entry: CachedAnswer, status: string) {
  if (payload instanceof Readable) payload.resume()
  for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name)
  reply.code(entry.status).headers(entry.headers)
  reply.header('x-request-id', reply.request.id)
  reply.header('age', String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000))))
  reply.header('cache-status', status)
  return entry.body
}

export default fp<{ cache: SharedCache; metrics: CacheMetrics; staleIfErrorSeconds: number }>(
  async (app, { cache, metrics, staleIfErrorSeconds }) => {
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const edge = request.edge
      if (!reply.hasHeader('age')) reply.header('age', '0')
      if (!edge) {
        const why = request.method === 'GET' || request.method === 'HEAD' ? 'bypass' : 'method'
        if (!reply.hasHeader('cache-status')) reply.header('cache-status', `gateway; fwd=${why}`)
        return payload
      }
      const status = reply.statusCode
      if (request.upstreamFailed) {
        cache.failed(edge.group)
        // Looked up again: a purge since the request came may have dropped it.
        const stale = cache.answer(edge.key)
        if (stale && varyMatches(request, stale) && Date.now() < stale.staleUntil) {
          metrics.requests.inc({ result: 'stale-if-error' })
          edge.release?.()
          const cs = `gateway; hit; fwd=${edge.fwd}; fwd-status=${status}; detail=stale-if-error`
          return standIn(reply, payload, stale, cs)
        }
      } else cache.answered(edge.group)
      const entry = toEntry(request, reply, staleIfErrorSeconds)
      const sentIn = String(reply.getHeader('content-encoding') ?? 'identity')
      const ownEncoding = sentIn === 'identity' || sentIn === edge.encoding
      const keep = entry && payload != null && ownEncoding && edge.generation >= cache.droppedAt
      if (!keep) {
        reply.header('cache-status', `gateway; fwd=${edge.fwd}; fwd-status=${status}`)
        edge.release?.()
        return payload
      }
      // A purge of an edit while this was fetched may have named it: kept as purged by it.
      if (edge.generation !== cache.generation) {
        entry.purged = true
        entry.staleUntil = Math.min(entry.staleUntil, Date.now() + cache.purgedStaleMs)
      }
      reply.header('cache-status', `gateway; fwd=${edge.fwd}; fwd-status=${status}; stored`)
      return capture(payload, (body) => {
        if (body) cache.keep(edge.key, { ...entry, body })
        edge.release?.()
      })
    })

    // What goes out: the stale windows are for shared caches only, a browser gets the rest
    // (clientCacheHeaders; kept answers were stored that way already).
    app.addHook('onSend', async (_request, reply, payload) => {
      const cacheControl = reply.getHeader('cache-control')
      if (typeof cacheControl === 'string') reply.headers(clientCacheHeaders(cacheControl))
      return payload
    })

    // Every way a request ends releases the requests waiting for its key.
    app.addHook('onResponse', async (request) => request.edge?.release?.())
  },
  { name: 'gateway-shared-cache-store' },
)
