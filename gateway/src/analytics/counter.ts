import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import { Counter, type Registry } from 'prom-client'
import type { PageView } from '@site/contracts'
import { dayOf, isPostPath, visitSource, visitorHash } from './hit.js'

/** Redis keys, under QUEUE_PREFIX; the contact worker drains `hits` (services/contact/src/analytics). */
export const analyticsKeys = (prefix: string) => ({
  hits: `${prefix}:analytics:hits`,
  salt: (day: string) => `${prefix}:analytics:salt:${day}`,
  visit: (visitor: string) => `${prefix}:analytics:visit:${visitor}`,
})

/** A view waiting in memory: the address and user agent live only here, until its hash is made. */
export interface PendingHit {
  hit: Omit<PageView, 'visitor'>
  /** Absent when the visitor opted out (GPC/DNT) or is a bot. */
  who?: { ip: string; ua: string }
}

export interface CounterOptions {
  redis: Redis
  prefix: string
  registry: Registry
  /** Views kept in memory at most; past it a view is dropped (and counted as dropped). */
  bufferMax: number
  flushMs: number
  /** How long a visit (entry page, last post, source) is remembered after its last view. */
  visitSeconds: number
}

/** Most views a list in Redis holds while nothing drains it (then the oldest go). */
const LIST_CAP = 1_000_000
const BATCH = 500

/**
 * Page views, batched: `add` is synchronous and bounded (never awaits, never throws); a timer
 * pushes the batch to a Redis list with one pipeline. While Redis is not connected the views wait
 * in the buffer; past its bound they are dropped (`reason=buffer`); a push that fails is dropped
 * (`reason=redis`). The pages are never affected.
 */
export class PageCounter {
  private buffer: PendingHit[] = []
  private flushing: Promise<void> | undefined
  private timer: NodeJS.Timeout
  private salts = new Map<string, string>()
  private readonly keys
  readonly views
  readonly dropped

  constructor(private readonly o: CounterOptions) {
    this.keys = analyticsKeys(o.prefix)
    this.views = new Counter({
      name: 'gateway_page_views_total',
      help: 'Public page views counted, by kind (human, bot)',
      labelNames: ['kind'] as const,
      registers: [o.registry],
    })
    this.dropped = new Counter({
      name: 'gateway_page_views_dropped_total',
      help: 'Page views not counted, by reason: buffer (full), redis (the push failed)',
      labelNames: ['reason'] as const,
      registers: [o.registry],
    })
    for (const kind of ['human', 'bot']) this.views.inc({ kind }, 0)
    for (const reason of ['buffer', 'redis']) this.dropped.inc({ reason }, 0)
    this.timer = setInterval(() => void this.flush(), o.flushMs)
    this.timer.unref()
  }

  add(pending: PendingHit) {
    if (this.buffer.length >= this.o.bufferMax) {
      this.dropped.inc({ reason: 'buffer' })
      return
    }
    this.views.inc({ kind: pending.hit.device === 'bot' ? 'bot' : 'human' })
    this.buffer.push(pending)
    if (this.buffer.length >= BATCH) void this.flush()
  }

  /** Pushes what waits; resolves when done (never rejects). One flush at a time. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing
    if (this.buffer.length === 0) return Promise.resolve()
    this.flushing = this.push().finally(() => (this.flushing = undefined))
    return this.flushing
  }

  private async push() {
    while (this.buffer.length > 0) {
      // Not connected (yet, or again): the views wait, within the buffer's bound.
      if (this.o.redis.status !== 'ready') return
      const batch = this.buffer.splice(0, BATCH)
      try {
        await this.pushBatch(batch)
      } catch {
        this.dropped.inc({ reason: 'redis' }, batch.length)
        this.buffer.length = 0
        // A later view tries again; what waited now is gone (counting never holds memory for Redis).
      }
    }
  }

  private async pushBatch(batch: PendingHit[]) {
    const hits: PageView[] = []
    const hashes = new Map<string, string>()
    for (const { hit, who } of batch) {
      const salt = who ? await this.salt(hit.day) : undefined
      let visitor: string | null = null
      if (who && salt) {
        const id = `${hit.day}|${who.ip}|${who.ua}`
        visitor = hashes.get(id) ?? visitorHash(salt, who.ip, who.ua)
        hashes.set(id, visitor)
      }
      hits.push({ ...hit, visitor })
    }
    const multi = this.o.redis.multi()
    multi.rpush(this.keys.hits, ...hits.map((h) => JSON.stringify(h)))
    multi.ltrim(this.keys.hits, -LIST_CAP, -1)
    // One update per visitor and batch: its first view here may start the visit, its last post read.
    const visits = new Map<string, { first: PageView; post?: string }>()
    for (const hit of hits) {
      if (!hit.visitor) continue
      const v = visits.get(hit.visitor) ?? { first: hit }
      if (isPostPath(hit.path)) v.post = hit.path
      visits.set(hit.visitor, v)
    }
    for (const [visitor, v] of visits) this.visit(multi, visitor, v.first, v.post)
    const results = await multi.exec()
    const failed = results?.find(([err]) => err)
    if (!results || failed) throw failed?.[0] ?? new Error('analytics: push not executed')
  }

  /** The visit a conversion names: its entry page and source (first view), the last post read. */
  private visit(
    multi: ReturnType<Redis['multi']>,
    visitor: string,
    first: PageView,
    post: string | undefined,
  ) {
    const key = this.keys.visit(visitor)
    multi.hsetnx(key, 'entry', first.path)
    multi.hsetnx(key, 'source', visitSource(first) ?? '')
    if (post) multi.hset(key, 'post', post)
    multi.expire(key, this.o.visitSeconds)
  }

  /**
   * The day's salt: made by whichever replica asks first (SET NX), shared by all, expiring when the
   * day ends (plus a minute for views of 23:59:59 still waiting), never written anywhere else.
   */
  async salt(day: string): Promise<string | undefined> {
    const known = this.salts.get(day)
    if (known) return known
    const key = this.keys.salt(day)
    const end = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 86400 + 60
    await this.o.redis.set(key, randomBytes(32).toString('hex'), 'EXAT', end, 'NX')
    const salt = await this.o.redis.get(key)
    if (!salt) return undefined
    this.salts.set(day, salt)
    // Yesterday's stays for the views of 23:59 still waiting; older ones go.
    for (const old of [...this.salts.keys()].sort().slice(0, -2)) this.salts.delete(old)
    return salt
  }

  /** The current visit of a visitor (for a consultation request), or null. */
  async visitOf(ip: string, ua: string): Promise<Record<string, string> | null> {
    const salt = await this.salt(dayOf(Date.now()))
    if (!salt) return null
    const visit = await this.o.redis.hgetall(this.keys.visit(visitorHash(salt, ip, ua)))
    return Object.keys(visit).length > 0 ? visit : null
  }

  async close() {
    clearInterval(this.timer)
    await this.flush()
  }
}
