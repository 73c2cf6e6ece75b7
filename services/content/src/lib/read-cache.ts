import { createHash, randomUUID } from 'node:crypto'
import { createRedis, type Redis } from '@site/service-kit'

export interface CachedBody {
  /** The JSON answer, serialized once. */
  body: string
  /** Strong ETag of `body`. */
  etag: string
  at: number
}

/** The pub/sub channel of one deployment's content replicas (its Redis prefix keeps deployments sharing a Redis apart). */
export const invalidateChannel = (prefix: string) => `${prefix}:content:invalidate`

export function etagOf(data: string | Buffer): string {
  return `"${createHash('sha256').update(data).digest('base64url').slice(0, 32)}"`
}

/**
 * In-process cache of the public read answers (design §3: a query per public request is too slow
 * on FerretDB). Every write clears it here and, through Redis pub/sub, on every other replica;
 * the TTL bounds staleness if an announcement is lost (Redis away during a write).
 */
export class ReadCache {
  private readonly entries = new Map<string, CachedBody>()
  private readonly pending = new Map<string, Promise<CachedBody>>()
  private generation = 0
  private subscriber: Redis | undefined
  private readonly instance = randomUUID()
  private readonly clearListeners: Array<() => void> = []

  /** `channel`: `invalidateChannel(QUEUE_PREFIX)`, shared by this deployment's replicas only. */
  constructor(
    private readonly ttlMs: number,
    private readonly publisher: () => Redis,
    private readonly channel: string,
  ) {}

  async get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.entries.get(key)
    if (hit && Date.now() - hit.at < this.ttlMs) return hit
    let running = this.pending.get(key)
    if (!running) {
      const generation = this.generation
      running = load().then(
        (value) => {
          const body = JSON.stringify(value)
          const entry = { body, etag: etagOf(body), at: Date.now() }
          // A write that happened while loading makes this answer possibly stale: serve it, don't keep it.
          if (generation === this.generation) this.entries.set(key, entry)
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
    try {
      await this.publisher().publish(this.channel, this.instance)
    } catch (err) {
      log?.warn({ err }, 'could not announce a content change to other replicas')
    }
  }

  /** Listens for other replicas' writes; a reconnect also clears (announcements may have been missed). */
  async listen(redisUrl: string) {
    const sub = createRedis(redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: null, lazyConnect: true })
    this.subscriber = sub
    sub.on('message', (_channel: string, sender: string) => {
      if (sender !== this.instance) this.clearLocal()
    })
    sub.on('ready', () => this.clearLocal())
    await sub.connect().catch(() => undefined)
    sub.subscribe(this.channel).catch(() => undefined)
  }

  close() {
    this.subscriber?.disconnect()
  }
}
