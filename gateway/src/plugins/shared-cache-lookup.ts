import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { negotiate } from './compression.js'
import type { SharedCache } from '../cache/shared-cache.js'
import { upstreamGroup } from '../cache/shared-cache.js'
import { RANGE_PAST_END, errorBody, genReqId } from '@site/service-kit'
import { keptRange } from '../cache/kept-range.js'
import { cacheKey, notModified, varyMatches, type CachedAnswer } from '../cache/shared-policy.js'
import { isPage, type PersonalCheck } from '../cache/visitor.js'
import type { CacheMetrics } from './shared-cache-metrics.js'

/**
 * The shared cache's way in (plugins/shared-cache-store.ts keeps the answers). Fresh hits are
 * written by answerFreshHitsFirst, before Fastify sees the request; everything else that may be
 * cached comes to an onRequest hook registered before the other plugins (no helmet, body handling,
 * rate limit or compression for what it answers: the security headers were kept with the answer).
 * That is what makes a cached page cost about what a static file costs.
 *
 * - fresh: the kept answer (304 when If-None-Match names its tag), `Cache-Status: gateway; hit`;
 * - stale within stale-while-revalidate, or within stale-if-error while its upstream is unwell (Health):
 *   the kept answer at once, and one background fetch for the key renews it;
 * - purged, expired, or missing: the request goes on to the upstream; one request per key does
 *   (coalescing), the others wait for its answer and are served it from the store.
 * Signed-in requests (a validly signed session cookie, cache/visitor.ts), authorized API requests
 * and other methods pass untouched (`fwd=bypass`); a page URL too long to key is a 414. A byte range
 * of a kept answer is cut from it (cache/kept-range.ts); one that is not kept is fetched like any
 * miss: the upstream's 206 is never kept, and a 200 (a page ignores Range) is, so a Range header
 * cannot take a request past the cache twice.
 */

/** Header that marks the gateway's own background fetch (its value is this process's secret). */
const REFRESH = 'x-gateway-cache-refresh'

export interface EdgeState {
  key: string
  group: string
  /** The answer kept when the request came (`fwd=stale`); what stands in is looked up again. */
  stale: CachedAnswer | undefined
  /** The encoding the key is for (Accept-Encoding as negotiated; the upstream is asked for it alone). */
  encoding: string
  /** The purge generation when the fetch started: a purge since means the answer may be old. */
  generation: number
  /** Waiters released when this request's answer is stored or it ends. */
  release?: () => void
  /** How the answer was found: `miss`, `stale` (revalidated), `collapsed` (waited for another fetch). */
  fwd: 'uri-miss' | 'stale' | 'vary-miss'
  refresh: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    edge?: EdgeState
  }
}

const age = (entry: CachedAnswer, now: number) => Math.max(0, Math.floor((now - entry.storedAt) / 1000))

type RawRequest = Pick<IncomingMessage, 'method' | 'headers'>

/** Writes a kept answer out directly (the rest of Fastify's chain is skipped). */
function serve(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer, status: string) {
  reply.hijack()
  write(request, reply.raw, entry, status, request.id)
}

function write(request: RawRequest, res: ServerResponse, entry: CachedAnswer, status: string, id: string) {
  const headers: Record<string, string | string[] | number> = {
    ...entry.headers,
    age: String(age(entry, Date.now())),
    'cache-status': status,
    // Every answer carries one, hits included, so a visitor's report can be traced.
    'x-request-id': id,
  }
  if (entry.status === 200 && notModified(request, entry.etag)) {
    for (const name of ['content-type', 'content-encoding']) delete headers[name]
    res.writeHead(304, headers)
    res.end()
    return
  }
  const range = keptRange(request, entry)
  if (range === 'unsatisfiable') {
    const body = JSON.stringify(errorBody(416, RANGE_PAST_END, 'RANGE_NOT_SATISFIABLE'))
    for (const name of ['etag', 'content-type', 'cache-control']) delete headers[name]
    res.writeHead(416, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-range': `bytes */${entry.body.length}`,
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(body),
    })
    res.end(request.method === 'HEAD' ? undefined : body)
    return
  }
  const body = range ? entry.body.subarray(range.start, range.end + 1) : entry.body
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${entry.body.length}`
  headers['content-length'] = body.length
  res.writeHead(range ? 206 : entry.status, headers)
  res.end(request.method === 'HEAD' ? undefined : body)
}

/**
 * Fresh hits before Fastify itself: the server's request listener is wrapped, so a fresh kept
 * answer is written before a Fastify request, its logger and the router exist (about what a static
 * file costs, issue 30). Anything else (a miss, a stale answer, a bypass) goes on to Fastify, whose
 * onRequest hook below handles it. Such hits are counted here and not logged per request.
 */
export function answerFreshHitsFirst(
  server: Server,
  cache: SharedCache,
  metrics: CacheMetrics,
  personal: PersonalCheck,
) {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[]
  server.removeAllListeners('request')
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!freshHit(req, res)) for (const listener of listeners) listener.call(server, req, res)
  })
  function freshHit(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || personal(req) || !req.url) return false
    const page = isPage(req.url)
    const key = cacheKey(req.url, negotiate(req.headers['accept-encoding']) ?? 'identity', page)
    const entry = key ? cache.answer(key) : undefined
    const now = Date.now()
    if (!entry || entry.purged || now >= entry.freshUntil || !varyMatches(req, entry)) return false
    metrics.requests.inc({ result: 'hit' })
    const ttl = Math.floor((entry.freshUntil - now) / 1000)
    write(req, res, entry, `gateway; hit; ttl=${ttl}`, genReqId(req))
    return true
  }
}

type Verdict = 'fresh' | 'stale' | 'forward'

function verdict(cache: SharedCache, entry: CachedAnswer | undefined, group: string, now: number): Verdict {
  if (!entry) return 'forward'
  if (!entry.purged && now < entry.freshUntil) return 'fresh'
  if (!entry.purged && now < entry.revalidateUntil) return 'stale'
  if (now < entry.staleUntil && cache.down(group)) return 'stale'
  return 'forward'
}

/** `promise`, or nothing after `ms`, whichever comes first (the timer does not outlive it). */
async function atMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))])
  clearTimeout(timer)
}

export default fp<{
  cache: SharedCache
  metrics: CacheMetrics
  coalesceWaitMs: number
  personal: PersonalCheck
}>(
  async (app: FastifyInstance, { cache, metrics, coalesceWaitMs, personal }) => {
    const secret = randomUUID()

    /** One background fetch for `key` through the whole gateway (its answer is stored on the way out). */
    function refresh(request: FastifyRequest, key: string) {
      if (cache.inflight.has(key)) return
      const headers: Record<string, string> = { [REFRESH]: secret }
      for (const name of ['accept-encoding', 'accept', 'accept-language'])
        if (typeof request.headers[name] === 'string') headers[name] = request.headers[name]
      const done = app
        .inject({ method: 'GET', url: request.url, headers })
        .then(
          () => undefined,
          (err: unknown) => app.log.warn({ err, url: request.url }, 'shared cache: background fetch failed'),
        )
        .finally(() => {
          if (cache.inflight.get(key) === done) cache.inflight.delete(key)
        })
      cache.inflight.set(key, done)
    }

    function lookup(request: FastifyRequest, key: string) {
      const entry = cache.answer(key)
      if (entry && !varyMatches(request, entry)) return { entry: undefined, vary: true }
      return { entry, vary: false }
    }

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return
      const own = request.headers[REFRESH] === secret
      if (!own && personal(request)) return
      const path = request.url.split('?', 1)[0] ?? '/'
      const page = isPage(path)
      const encoding = negotiate(request.headers['accept-encoding']) ?? 'identity'
      const key = cacheKey(request.url, encoding, page)
      if (!key) {
        if (!page) return
        // Never an uncached render: a page URL whose key is this long is no page of this site.
        const body = errorBody(414, 'This address is too long. Please check the link.', 'URI_TOO_LONG')
        return reply.code(414).header('cache-control', 'no-store').send(body)
      }
      // The upstream is asked for the encoding the key is for, so it cannot choose another one
      // (its static files parse Accept-Encoding their own way).
      request.headers['accept-encoding'] = encoding
      const group = upstreamGroup(path)
      const generation = cache.generation
      if (own) {
        delete request.headers[REFRESH]
        const entry = cache.answer(key)
        request.edge = { key, encoding, group, stale: entry, generation, fwd: 'stale', refresh: true }
        return
      }
      let { entry, vary } = lookup(request, key)
      let now = Date.now()
      let seen = verdict(cache, entry, group, now)
      let collapsed = false
      if (seen === 'forward' && cache.inflight.has(key)) {
        // Another request is fetching this key: wait for its answer rather than fetch it again,
        // for a while (CACHE_COALESCE_WAIT_MS): the answer may turn out not to be shareable.
        await atMost(cache.inflight.get(key)!, coalesceWaitMs)
        ;({ entry, vary } = lookup(request, key))
        now = Date.now()
        seen = verdict(cache, entry, group, now)
        collapsed = true
      }
      if (seen === 'fresh' && entry) {
        metrics.requests.inc({ result: collapsed ? 'collapsed' : 'hit' })
        const ttl = Math.floor((entry.freshUntil - now) / 1000)
        return serve(request, reply, entry, `gateway; hit; ttl=${ttl}${collapsed ? '; collapsed' : ''}`)
      }
      if (seen === 'stale' && entry) {
        metrics.requests.inc({ result: 'stale' })
        refresh(request, key)
        const detail =
          now < entry.revalidateUntil && !entry.purged ? 'stale-while-revalidate' : 'stale-if-error'
        const ttl = Math.floor((entry.freshUntil - now) / 1000)
        return serve(request, reply, entry, `gateway; hit; ttl=${ttl}; detail=${detail}`)
      }
      metrics.requests.inc({ result: 'miss' })
      const fwd = vary ? 'vary-miss' : entry ? 'stale' : 'uri-miss'
      const state: EdgeState = {
        key,
        encoding,
        group,
        stale: entry,
        generation: cache.generation,
        fwd,
        refresh: false,
      }
      if (request.method === 'GET' && !cache.inflight.has(key)) {
        let release!: () => void
        const done = new Promise<void>((resolve) => (release = resolve))
        cache.inflight.set(key, done)
        state.release = () => {
          if (cache.inflight.get(key) === done) cache.inflight.delete(key)
          release()
        }
        reply.raw.once('close', state.release)
      }
      request.edge = state
    })
  },
  { name: 'gateway-shared-cache-lookup' },
)
