import type { Redis } from 'ioredis'
import { ReadCache, readVersionKey } from '@site/service-kit'

/** Answers kept at most: a page of 50 summaries is ~75 KB, a full post ~50 KB, so the cache stays under ~15 MB whatever URLs visitors try. */
const MAX_ENTRIES = 200

/**
 * The public answers (pages of published summaries, published posts by slug, old slugs' redirects)
 * in the kit's ReadCache, one entry per key (design §3: no query per public request), under the
 * blog's read version: every write, from any replica or worker, goes through the change log's
 * afterWrite, which raises it before the purge; while Redis cannot answer, entries older than
 * `ttlMs` are reloaded from the database.
 */
export const publishedCache = (redis: () => Redis, prefix: string, ttlMs: number) =>
  new ReadCache({ ttlMs, maxEntries: MAX_ENTRIES, version: { redis, key: readVersionKey(prefix, 'blog') } })
