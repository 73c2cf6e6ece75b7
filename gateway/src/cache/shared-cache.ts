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

/** After an upstream failed, stale answers go out at once until it answers again (one retry per key in the background). */
export interface Health {
  down(group: string): boolean
  failed(group: string): void
  answered(group: string): void
}

export class SharedCache implements Health {
  readonly store: BoundedLru<Kept>
  /** One upstream fetch per key at a time: the others wait for it. */
  readonly inflight = new Map<string, Promise<void>>()
  /** Bumped by every purge: an answer fetched across one is kept as already purged. */
  generation = 0
  private readonly failing = new Set<string>()

  constructor(maxBytes: number) {
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

  /** Marks every answer carrying one of `keys` purged (kept for stale-if-error); `null`: all. The count purged. */
  purge(keys: string[] | null): number {
    this.generation++
    const wanted = keys && new Set(keys)
    let count = 0
    for (const [key, value] of this.store.entries()) {
      if (!key.startsWith(ANSWER) || Buffer.isBuffer(value) || value.purged) continue
      if (wanted && !value.keys.some((k) => wanted.has(k))) continue
      value.purged = true
      count++
    }
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
    return this.failing.has(group)
  }
  failed(group: string) {
    this.failing.add(group)
  }
  answered(group: string) {
    this.failing.delete(group)
  }
}

/** Which upstream answers a path, coarsely: a service's API prefix, or the web server. */
export function upstreamGroup(path: string): string {
  if (path.startsWith('/api/')) return path.split('/', 3).join('/')
  if (path.startsWith('/objects/')) return '/objects'
  return 'web'
}
