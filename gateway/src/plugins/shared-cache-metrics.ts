import { Counter, Gauge, type Registry } from 'prom-client'
import type { SharedCache } from '../cache/shared-cache.js'

export type CacheMetrics = ReturnType<typeof cacheMetrics>

/**
 * The shared cache on the metrics port: answers by how they were found, purges, and what the
 * store holds (answers, and everything kept: answers and compressed copies, as bounded).
 */
export function cacheMetrics(registry: Registry, cache: SharedCache) {
  const requests = new Counter({
    name: 'gateway_cache_requests_total',
    help: 'Cacheable requests by result: hit (fresh), collapsed (waited for another fetch of the key), stale (stale-while-revalidate, or the upstream failing), stale-if-error (the upstream failed, the kept answer stood in), miss (fetched)',
    labelNames: ['result'] as const,
    registers: [registry],
  })
  for (const result of ['hit', 'collapsed', 'stale', 'stale-if-error', 'miss']) requests.inc({ result }, 0)
  const purges = new Counter({
    name: 'gateway_cache_purges_total',
    help: 'Purge announcements heard (a write naming its surrogate keys), and reconnects that purged all',
    registers: [registry],
  })
  const purged = new Counter({
    name: 'gateway_cache_purged_entries_total',
    help: 'Kept answers a purge made stale',
    registers: [registry],
  })
  new Gauge({
    name: 'gateway_cache_entries',
    help: 'Answers kept by the shared cache',
    registers: [registry],
    collect() {
      this.set(cache.answers().entries)
    },
  })
  new Gauge({
    name: 'gateway_cache_bytes',
    help: 'Bytes the kept answers are counted at (bodies, headers, keys, per-entry overhead)',
    registers: [registry],
    collect() {
      this.set(cache.answers().bytes)
    },
  })
  new Gauge({
    name: 'gateway_store_bytes',
    help: 'Bytes the whole store is counted at (answers and compressed copies), bounded by CACHE_MAX_MB',
    registers: [registry],
    collect() {
      this.set(cache.store.size.bytes)
    },
  })
  return { requests, purges, purged }
}
