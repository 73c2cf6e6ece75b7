import fp from 'fastify-plugin'
import proxyAddr from 'proxy-addr'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createRedis, parseTrustProxy } from '@site/service-kit'
import type { Config } from '../config.js'
import type { PersonalCheck } from '../cache/visitor.js'
import { PageCounter } from '../analytics/counter.js'
import {
  dayOf,
  deviceClass,
  isCountedPath,
  isPrefetch,
  optedOut,
  pathLanguage,
  referrerDomain,
  utm,
} from '../analytics/hit.js'

/**
 * First-party page views (issue 48, docs/security.md "Analytics"). Every public page answer is
 * counted where it is certain to happen: on the finished response of the server itself, so a
 * shared-cache hit answered before Fastify counts like a render. A consultation request through
 * the gateway carries its visit's summary (entry page, last post, source) to the contact service
 * in `x-site-visit`, and nothing else about the visitor; a client's own `x-site-visit` is dropped.
 */

export const VISIT_HEADER = 'x-site-visit'

/** The client address as Fastify determines it (TRUST_PROXY), for answers made before Fastify. */
function addressOf(trust: boolean | string): (req: IncomingMessage) => string {
  if (trust === false) return (req) => req.socket.remoteAddress ?? ''
  const check = trust === true ? () => true : proxyAddr.compile(trust.split(',').map((s) => s.trim()))
  return (req) => proxyAddr(req, check)
}

/**
 * Counts on `finish` of every GET of a public page answered 200 or 304 (hits, misses, stale
 * answers alike), not for signed-in admins, prefetches or bots' hashes. Installed after the
 * shared cache's own listener (app.ts), so it sees every request first.
 */
export function countPageViews(server: Server, counter: PageCounter, personal: PersonalCheck, trust: string) {
  const address = addressOf(parseTrustProxy(trust))
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' || !req.url) return
    const at = req.url.indexOf('?')
    const path = at < 0 ? req.url : req.url.slice(0, at)
    if (!isCountedPath(path)) return
    res.once('finish', () => {
      if (res.statusCode !== 200 && res.statusCode !== 304) return
      const { headers } = req
      if (isPrefetch(headers) || personal(req)) return
      const ua = headers['user-agent'] ?? ''
      const device = deviceClass(ua)
      const now = Date.now()
      const referer = typeof headers.referer === 'string' ? headers.referer : undefined
      const host = headers['x-forwarded-host'] ?? headers.host
      counter.add({
        hit: {
          at: now,
          day: dayOf(now),
          path,
          lang: pathLanguage(path),
          ref: referrerDomain(referer, typeof host === 'string' ? host : undefined),
          ...utm(at < 0 ? '' : req.url!.slice(at + 1)),
          device,
        },
        ...(device === 'bot' || optedOut(headers) ? {} : { who: { ip: address(req), ua } }),
      })
    })
  })
}

export default fp<{ config: Config; onCounter: (counter: PageCounter) => void }>(
  async (app, { config, onCounter }) => {
    app.addHook('onRequest', async (request) => {
      if (request.headers[VISIT_HEADER] !== undefined) delete request.headers[VISIT_HEADER]
    })
    if (!config.ANALYTICS_ENABLED || !config.REDIS_URL) {
      if (config.ANALYTICS_ENABLED) app.log.warn('analytics: no REDIS_URL, page views are not counted')
      return
    }
    const redis = createRedis(config.REDIS_URL, { commandTimeout: 500 })
    const counter = new PageCounter({
      redis,
      prefix: config.QUEUE_PREFIX,
      registry: app.metrics,
      bufferMax: config.ANALYTICS_BUFFER_MAX,
      flushMs: config.ANALYTICS_FLUSH_MS,
      visitSeconds: config.ANALYTICS_VISIT_SECONDS,
    })
    onCounter(counter)
    app.addHook('onClose', async () => {
      await counter.close()
      redis.disconnect()
    })
    // The consultation request names its visit; without one (or with Redis away) it goes on as is.
    app.addHook('preHandler', async (request) => {
      if (request.method !== 'POST' || request.url.split('?', 1)[0] !== '/api/contacts') return
      const ua = request.headers['user-agent'] ?? ''
      if (optedOut(request.headers) || deviceClass(ua) === 'bot') return
      try {
        await counter.flush()
        const visit = await counter.visitOf(request.ip, ua)
        if (visit) request.headers[VISIT_HEADER] = new URLSearchParams(visit).toString()
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'analytics: visit not read')
      }
    })
  },
  { name: 'gateway-page-views' },
)
