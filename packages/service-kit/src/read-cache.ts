import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'

export interface CachedBody {
  /** The JSON answer, serialized once. */
  body: string
  /** Strong ETag of `body`. */
  etag: string
  at: number
  /** Surrogate keys of the answer (what it was built from), when the reader names them. */
  keys?: string[]
}

export function etagOf(data: string | Buffer): string {
  return `"${createHash('sha256').update(data).digest('base64url').slice(0, 32)}"`
}

/**
 * The Redis key of a service's read version: the change log increments it in the announcement of
 * every write that touches a public answer, before the purge (changes/log.ts), and every replica's
 * ReadCache of that service drops its answers when it sees the number change.
 */
export const readVersionKey = (prefix: string, service: string) => `${prefix}:${service}:read-version`

export interface ReadCacheOptions {
  /**
   * Age after which an entry is reloaded while the read version cannot be asked (Redis away), and
   * always when there is no version: the backstop.
   */
  ttlMs: number
  /** Bound on the number of kept answers (paged lists make the key space large); oldest go first. */
  maxEntries?: number
  /** The service's read version (readVersionKey): a write on any replica or worker clears this one. */
  version?: { redis: () => Redis; key: string }
}

/**
 * In-process cache of public read answers (design §3: a query per public request is too slow on
 * FerretDB), keyed by what the answer depends on (e.g. `published:2:12` for a page of a list).
 * Each read asks Redis for the service's read version (one GET) and drops everything when another
 * process wrote: a version key, not a message, so no replica misses a write and none can hear a
 * purge before it has forgotten (the version is raised in the same transaction, before the purge).
 * While Redis cannot answer, entries older than `ttlMs` are reloaded. The writing process forgets
 * at once too (ChangeLog.forgets).
 */
export class ReadCache {
  private readonly entries = new Map<string, CachedBody>()
  private readonly pending = new Map<string, Promise<CachedBody>>()
  private generation = 0
  private seenVersion: string | null | undefined
  private readonly clearListeners: Array<() => void> = []
  private readonly ttlMs: number
  private readonly maxEntries: number

  constructor(private readonly options: ReadCacheOptions) {
    this.ttlMs = options.ttlMs
    this.maxEntries = options.maxEntries ?? 1000
  }

  /**
   * The cached answer of `key`, or `load()`'s, serialized once. `maxAgeMs` overrides the TTL for this
   * read; `keysOf` names the surrogate keys of a loaded value other than null (kept with it, see sendShared).
   */
  async get(
    key: string,
    load: () => Promise<unknown>,
    maxAgeMs = this.ttlMs,
    keysOf?: (value: unknown) => string[],
  ): Promise<CachedBody> {
    const { version } = this.options
    if (!version) return this.lookup(key, load, maxAgeMs, keysOf)
    const now = await version
      .redis()
      .get(version.key)
      .catch(() => undefined)
    if (now === undefined) return this.lookup(key, load, maxAgeMs, keysOf)
    if (now !== this.seenVersion) {
      this.clearLocal()
      this.seenVersion = now
    }
    // Redis confirmed the version: entries stay valid until the next write.
    return this.lookup(key, load, Number.POSITIVE_INFINITY, keysOf)
  }

  private lookup(
    key: string,
    load: () => Promise<unknown>,
    maxAgeMs: number,
    keysOf?: (value: unknown) => string[],
  ): Promise<CachedBody> {
    const hit = this.entries.get(key)
    if (hit && Date.now() - hit.at < maxAgeMs) return Promise.resolve(hit)
    let running = this.pending.get(key)
    if (!running) {
      const generation = this.generation
      running = load().then(
        (value) => {
          const body = JSON.stringify(value)
          const entry: CachedBody = { body, etag: etagOf(body), at: Date.now() }
          if (keysOf && value != null) entry.keys = keysOf(value)
          // A write that happened while loading makes this answer possibly stale: serve it, don't keep it.
          if (generation === this.generation) this.keep(key, entry)
          return entry
        },
        (err: unknown) => {
          // Database away: an expired answer (never one a write invalidated) beats a 503 for visitors.
          if (hit && generation === this.generation) return hit
          throw err
        },
      )
      this.pending.set(key, running)
      const forget = () => {
        if (this.pending.get(key) === running) this.pending.delete(key)
      }
      running.then(forget, forget)
    }
    return running
  }

  private keep(key: string, entry: CachedBody) {
    this.entries.delete(key)
    this.entries.set(key, entry)
    // Map iteration follows insertion order: the first key is the oldest answer.
    while (this.entries.size > this.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string)
  }

  get size() {
    return this.entries.size
  }

  /** Drops every answer of this process (and what loads now is not kept). */
  clearLocal() {
    this.generation++
    this.entries.clear()
    this.pending.clear()
    for (const listener of this.clearListeners) listener()
  }

  onClear(listener: () => void) {
    this.clearListeners.push(listener)
  }
}
