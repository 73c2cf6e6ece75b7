import { createHash, randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import { createRedis } from './redis.js'

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

export interface ReadCacheOptions {
  /** Age after which an entry is reloaded (the backstop when an invalidation is missed). */
  ttlMs: number
  /** Bound on the number of kept answers (paged lists make the key space large); oldest go first. */
  maxEntries?: number
  /** Pub/sub announcement of writes to the other replicas: the Redis to publish on and the channel. */
  publisher?: () => Redis
  channel?: string
}

/**
 * In-process cache of public read answers (design §3: a query per public request is too slow on
 * FerretDB), keyed by what the answer depends on (e.g. `published:2:12` for a page of a list).
 * Every write clears it here and, through Redis pub/sub when a channel is given, on every other
 * replica; the TTL bounds staleness if an announcement is lost (Redis away during a write).
 */
export class ReadCache {
  private readonly entries = new Map<string, CachedBody>()
  private readonly pending = new Map<string, Promise<CachedBody>>()
  private generation = 0
  private subscriber: Redis | undefined
  private readonly instance = randomUUID()
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
    const hit = this.entries.get(key)
    if (hit && Date.now() - hit.at < maxAgeMs) return hit
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

  clearLocal() {
    this.generation++
    this.entries.clear()
    this.pending.clear()
    for (const listener of this.clearListeners) listener()
  }

  onClear(listener: () => void) {
    this.clearListeners.push(listener)
  }

  /** After a write: clear here, then tell the other replicas (best effort; the TTL is the backstop). */
  async invalidate(log?: { warn: (o: object, m: string) => void }) {
    this.clearLocal()
    const { publisher, channel } = this.options
    if (!publisher || !channel) return
    try {
      await publisher().publish(channel, this.instance)
    } catch (err) {
      log?.warn({ err }, 'could not announce a change to other replicas')
    }
  }

  /** Listens for other replicas' writes; a reconnect also clears (announcements may have been missed). */
  async listen(redisUrl: string) {
    const { channel } = this.options
    if (!channel) throw new Error('ReadCache.listen needs a channel')
    const sub = createRedis(redisUrl, {
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      lazyConnect: true,
    })
    this.subscriber = sub
    sub.on('message', (_channel: string, sender: string) => {
      if (sender !== this.instance) this.clearLocal()
    })
    sub.on('ready', () => this.clearLocal())
    await sub.connect().catch(() => undefined)
    sub.subscribe(channel).catch(() => undefined)
  }

  close() {
    this.subscriber?.disconnect()
  }
}
