import { BoundedLru, ENTRY_OVERHEAD_BYTES } from './bounded-lru.js'
import { COPY_MAX_BYTES } from './compressed-copies.js'
import { answerBytes, type CachedAnswer } from './shared-policy.js'

/**
 * The gateway's one store of kept bytes: the shared cache's answers (by request key) and the
 * compressed copies (by ETag, plugins/compression.ts) in one BoundedLru, so one budget bounds
 * everything the gateway keeps, keys and bookkeeping counted (issue 29), and a page's answers push
 * out copies nobody asks for and the other way round.
 */

const MB = 1024 * 1024
/** Budget without CACHE_MAX_MB or MEMORY_LIMIT_MB (a local process). */
export const CACHE_DEFAULT_BYTES = 32 * MB
/** The largest answer kept (an image over it is proxied each time). */
export const ANSWER_MAX_BYTES = 1024 * 1024

/**
 * Bytes the store may take, everything counted: CACHE_MAX_MB when set (0: nothing kept), else 1/8
 * of the container's memory limit (32 MB of the gateway's 256 MiB), else 32 MB.
 */
export function cacheBudget(config: { CACHE_MAX_MB?: number; MEMORY_LIMIT_MB?: number }): number {
  if (config.CACHE_MAX_MB !== undefined) return Math.floor(config.CACHE_MAX_MB * MB)
  if (config.MEMORY_LIMIT_MB !== undefined) return Math.floor((config.MEMORY_LIMIT_MB * MB) / 8)
  return CACHE_DEFAULT_BYTES
}

type Kept = Buffer | CachedAnswer
const ANSWER = 'a '
const COPY = 'c '

/**
 * Whether an upstream is really unwell: the gateway's own failures to get an answer from it (a
 * refused connection, a timeout, a connection broken off: its own 502/503/504), never an answer the
 * upstream chose to send (a 503 page the web server rendered). One failure is judged for its key
 * alone (the kept answer stands in for that request); more than one within UNWELL_WINDOW_MS marks
 * the whole upstream, so stale answers go out at once (one retry per key in the background) until
 * it answers again.
 */
export interface Health {
  down(group: string): boolean
  failed(group: string): void
  answered(group: string): void
}

/** The window in which a second failure of the gateway's own marks an upstream unwell. */
export const UNWELL_WINDOW_MS = 10_000

/** Longest time a purge flagged `stale` (an edit) may leave the old answer standing in: a minute. */
export const PURGED_STALE_MAX_SECONDS = 60

export class SharedCache implements Health {
  readonly store: BoundedLru<Kept>
  /** One upstream fetch per key at a time: the others wait for it. */
  readonly inflight = new Map<string, Promise<void>>()
  /** Bumped by every purge: an answer fetched across one is kept as already purged. */
  generation = 0
  /** The generation of the last purge that dropped answers: one fetched across it is not kept. */
  droppedAt = 0
  /** Per upstream group: when the gateway's own failures to reach it happened, since it last answered. */
  private readonly failures = new Map<string, number[]>()

  /** @param purgedStaleMs how long an answer purged as `stale` may still stand in (≤ a minute). */
  constructor(
    maxBytes: number,
    readonly purgedStaleMs = 30_000,
  ) {
    this.store = new BoundedLru<Kept>(
      {
        maxBytes,
        maxEntries: Math.max(16, Math.floor(maxBytes / 2048)),
        maxEntryBytes: Math.max(ANSWER_MAX_BYTES, COPY_MAX_BYTES) + ENTRY_OVERHEAD_BYTES + 64 * 1024,
      },
      (v) => (Buffer.isBuffer(v) ? v.length : answerBytes(v)),
    )
  }

  answer(key: string): CachedAnswer | undefined {
    const v = this.store.get(ANSWER + key)
    return v && !Buffer.isBuffer(v) ? v : undefined
  }

  keep(key: string, entry: CachedAnswer): boolean {
    return this.store.set(ANSWER + key, entry)
  }

  /** The compressed copies' view of the store. */
  readonly copies = {
    get: (key: string): Buffer | undefined => {
      const v = this.store.get(COPY + key)
      return Buffer.isBuffer(v) ? v : undefined
    },
    set: (key: string, copy: Buffer) => this.store.set(COPY + key, copy),
  }

  /**
   * A write named `keys` (`null`: everything, e.g. announcements may have been missed). The
   * answers carrying one are dropped: never served again, whatever fails afterwards. With `stale`
   * (an edit of a document that stays public) they are kept, never served fresh again, and may
   * stand in for purgedStaleMs while their upstream is unwell. The count purged.
   */
  purge(keys: string[] | null, stale = false): number {
    this.generation++
    if (!stale) this.droppedAt = this.generation
    const wanted = keys && new Set(keys)
    const until = Date.now() + this.purgedStaleMs
    const dropped: string[] = []
    let count = 0
    for (const [key, value] of this.store.entries()) {
      if (!key.startsWith(ANSWER) || Buffer.isBuffer(value)) continue
      if (wanted && !value.keys.some((k) => wanted.has(k))) continue
      count++
      if (!stale) dropped.push(key)
      else if (!value.purged) {
        value.purged = true
        value.staleUntil = Math.min(value.staleUntil, until)
      }
    }
    for (const key of dropped) this.store.delete(key)
    return count
  }

  /** Answers kept and the bytes they are counted at (the copies are the rest of the store). */
  answers(): { entries: number; bytes: number } {
    let entries = 0
    let bytes = 0
    for (const [key, value] of this.store.entries()) {
      if (Buffer.isBuffer(value)) continue
      entries++
      bytes += answerBytes(value) + 2 * key.length + ENTRY_OVERHEAD_BYTES
    }
    return { entries, bytes }
  }

  down(group: string) {
    const recent = (this.failures.get(group) ?? []).filter((at) => Date.now() - at < UNWELL_WINDOW_MS)
    return recent.length > 1
  }
  failed(group: string) {
    const now = Date.now()
    const recent = (this.failures.get(group) ?? []).filter((at) => now - at < UNWELL_WINDOW_MS)
    this.failures.set(group, [...recent.slice(-7), now])
  }
  answered(group: string) {
    this.failures.delete(group)
  }
}

/** Which upstream answers a path, coarsely: a service's API prefix, or the web server. */
export function upstreamGroup(path: string): string {
  if (path.startsWith('/api/')) return path.split('/', 3).join('/')
  if (path.startsWith('/objects/')) return '/objects'
  return 'web'
}
