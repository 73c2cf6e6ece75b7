import type { ChainableCommander, Redis } from 'ioredis'

/**
 * The order of a collection's lists, kept in Redis sorted sets beside the database (docs/design.md,
 * "Hot queries and their indexes"). FerretDB 1.24 sorts in its own process after reading every
 * document the filter matches, and counts the same way: a page of the newest posts read and sorted
 * them all (1.1 s at 10,000 small documents). Here a page is ZREVRANGE and its total ZCARD, and the
 * documents are read by `_id`.
 *
 * Each document has a score (or none) in each named set, applied with the time of the write that
 * decided it: a set keeps the latest write's word per document, so the change relay announcing an
 * older record after a newer one changes nothing. The sets are derived data, under
 * `<QUEUE_PREFIX>:listing:`: not in backups, dropped by a restore, and built again from the
 * database by the first reader that misses them (their `built` marker).
 */
export type Memberships<S extends string> = Record<S, number | null>

// KEYS[1]: the write times by id; KEYS[2..]: the sets. ARGV[1]: id, ARGV[2]: the write's time,
// ARGV[3..]: a score per set, '' for "not in it".
const APPLY = `
local prev = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '-1')
if tonumber(ARGV[2]) < prev then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
for i = 2, #KEYS do
  if ARGV[i + 1] == '' then redis.call('ZREM', KEYS[i], ARGV[1])
  else redis.call('ZADD', KEYS[i], ARGV[i + 1], ARGV[1]) end
end
return 1`

const BUILD_LOCK_MS = 120_000
const BUILD_WAIT_MS = 10_000

export class Listing<S extends string> {
  constructor(
    private readonly redis: () => Redis,
    /** `<QUEUE_PREFIX>:listing:<name>`; the sets are `<key>:<set>`. */
    private readonly key: string,
    private readonly sets: readonly S[],
  ) {}

  private keys() {
    return [`${this.key}:at`, ...this.sets.map((s) => `${this.key}:${s}`)]
  }

  private args(id: string, at: number, memberships: Memberships<S>) {
    const scores = this.sets.map((s) => (memberships[s] === null ? '' : String(memberships[s])))
    return [id, String(at), ...scores]
  }

  /** Adds the write to `tx` (the change log's announcement, so the relay repeats a missed one). */
  applyIn(tx: ChainableCommander, id: string, at: number, memberships: Memberships<S>) {
    const keys = this.keys()
    tx.eval(APPLY, keys.length, ...keys, ...this.args(id, at, memberships))
  }

  async apply(id: string, at: number, memberships: Memberships<S>) {
    const keys = this.keys()
    await this.redis().eval(APPLY, keys.length, ...keys, ...this.args(id, at, memberships))
  }

  /** One page of `set`, highest score first (ties: the larger id first): the ids and the total. */
  async page(set: S, page: number, pageSize: number): Promise<{ ids: string[]; total: number }> {
    const key = `${this.key}:${set}`
    const start = (page - 1) * pageSize
    const [range, count] = (await this.redis()
      .multi()
      .zrevrange(key, start, start + pageSize - 1)
      .zcard(key)
      .exec()) as [[Error | null, string[]], [Error | null, number]]
    if (range[0] || count[0]) throw range[0] ?? count[0]
    return { ids: range[1], total: count[1] }
  }

  /** The ids of `set` with a score from `min` up, lowest first, a page of them and their count. */
  async from(set: S, min: number, page: number, pageSize: number): Promise<{ ids: string[]; total: number }> {
    const key = `${this.key}:${set}`
    const [range, count] = (await this.redis()
      .multi()
      .zrangebyscore(key, min, '+inf', 'LIMIT', (page - 1) * pageSize, pageSize)
      .zcount(key, min, '+inf')
      .exec()) as [[Error | null, string[]], [Error | null, number]]
    if (range[0] || count[0]) throw range[0] ?? count[0]
    return { ids: range[1], total: count[1] }
  }

  /** Forgets the sets, so the next reader builds them again (after writes that bypassed the log). */
  async forget() {
    const keys = [...this.keys(), `${this.key}:built`]
    await this.redis().del(...keys)
  }

  /**
   * Builds the sets from `documents` when Redis has none (a new site, or a Redis that lost them);
   * false when another process is building them and did not finish within a few seconds (the
   * caller reads the database instead).
   */
  async ready(
    documents: () => AsyncIterable<{ id: string; at: number; memberships: Memberships<S> }>,
  ): Promise<boolean> {
    const redis = this.redis()
    const built = `${this.key}:built`
    if (await redis.exists(built)) return true
    const lock = `${this.key}:building`
    if ((await redis.set(lock, String(process.pid), 'PX', BUILD_LOCK_MS, 'NX')) !== 'OK') {
      const end = Date.now() + BUILD_WAIT_MS
      while (Date.now() < end) {
        await new Promise((r) => setTimeout(r, 100))
        if (await redis.exists(built)) return true
      }
      return false
    }
    try {
      for await (const d of documents()) await this.apply(d.id, d.at, d.memberships)
      await redis.set(built, new Date().toISOString())
      return true
    } finally {
      await redis.del(lock)
    }
  }
}
