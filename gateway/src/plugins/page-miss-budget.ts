import fp from 'fastify-plugin'
import { isPage } from '../cache/visitor.js'
import { clientKey } from '@site/service-kit'

/**
 * Each client address's budget of pages that reach the web server (issue 42): misses of the shared
 * cache and signed-in pages, not hits (those are answered before this and cost nothing). Without
 * it a few hundred uncached requests from one address fill the web server's render queue and
 * everyone else whose page is not a fresh hit gets its 503. A token bucket per address holding a
 * minute's budget, refilled evenly; past it a 429 with Retry-After. In memory, per replica, for at
 * most MAX_ADDRESSES addresses (the least recently seen is forgotten first): a forgotten address
 * starts with a full bucket, which only errs on the generous side.
 */

export const MAX_ADDRESSES = 10_000

export class AddressBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()
  private readonly perMs: number

  constructor(
    readonly perMinute: number,
    readonly maxAddresses = MAX_ADDRESSES,
  ) {
    this.perMs = perMinute / 60_000
  }

  get size() {
    return this.buckets.size
  }

  /** Takes one token for `address`: 0 when there was one, else the seconds until there is. */
  take(address: string, now = Date.now()): number {
    const bucket = this.buckets.get(address) ?? { tokens: this.perMinute, at: now }
    this.buckets.delete(address)
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.perMs)
    bucket.at = now
    // Re-inserted: the Map's order is the order last seen, oldest first.
    this.buckets.set(address, bucket)
    if (this.buckets.size > this.maxAddresses) {
      const oldest = this.buckets.keys().next().value
      if (oldest !== undefined) this.buckets.delete(oldest)
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return 0
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000))
  }
}

export default fp<{ perMinute: number }>(
  async (app, { perMinute }) => {
    const buckets = new AddressBuckets(perMinute)
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return
      // The shared cache's own background fetch is no client's.
      if (request.edge?.refresh || !isPage(request.url)) return
      const wait = buckets.take(clientKey(request.ip))
      if (wait === 0) return
      request.log.info({ ip: request.ip }, 'page budget: too many page requests from one address')
      return reply
        .code(429)
        .header('retry-after', String(wait))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta charset="utf-8"><title>Too many requests</title>` +
            `<p>Too many pages were requested from your address. Please try again in ${wait} seconds.</p>`,
        )
    })
  },
  { name: 'gateway-page-miss-budget' },
)
