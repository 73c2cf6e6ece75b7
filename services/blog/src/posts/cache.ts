import type { Redis } from 'ioredis'
import { ReadCache, type CachedBody } from '@site/service-kit'

/** Redis key whose value changes on every write to posts (API replicas and the worker bump it). */
export const postsVersionKey = (prefix: string) => `${prefix}:blog:posts-version`

/**
 * After every write to posts: bumps the version, so every replica's cache reloads on its next read
 * (before the change record announces the write to the gateways and the chat).
 */
export async function bumpPostsVersion(redis: Redis, prefix: string): Promise<void> {
  await redis.incr(postsVersionKey(prefix)).catch(() => undefined)
}

/** Answers kept at most: a page of 50 summaries is ~75 KB, a full post ~50 KB, so the cache stays under ~15 MB whatever URLs visitors try. */
const MAX_ENTRIES = 200

/**
 * The public answers (pages of published summaries, published posts by slug) in the kit's
 * ReadCache, one entry per key (design §3: no query per public request). Each read asks Redis
 * for the posts version (one GET) and drops everything when another process wrote; while Redis
 * cannot answer, entries older than `ttlMs` are reloaded from the database.
 */
export class PublishedCache {
  private readonly cache: ReadCache
  private version: string | null | undefined
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {
    this.cache = new ReadCache({ ttlMs, maxEntries: MAX_ENTRIES })
  }

  invalidate() {
    this.cache.clearLocal()
  }

  async get(
    key: string,
    load: () => Promise<unknown>,
    keysOf?: (value: unknown) => string[],
  ): Promise<CachedBody> {
    const version = await this.redis.get(postsVersionKey(this.prefix)).catch(() => undefined)
    if (version === undefined) return this.cache.get(key, load, this.ttlMs, keysOf)
    if (version !== this.version) {
      this.cache.clearLocal()
      this.version = version
    }
    // Redis confirmed the version: entries stay valid until the next write.
    return this.cache.get(key, load, Number.POSITIVE_INFINITY, keysOf)
  }
}
