import type { Redis } from 'ioredis'
import { randomUUID } from 'node:crypto'
import { checkedJson, type Log } from '@site/service-kit'
import { PageView } from '@site/contracts'
import type { AnalyticsModels, HitDoc } from './models.js'
import { rollupDay } from './rollup.js'
import type { OpenDays } from './open-days.js'
import { rollupMonth } from './months.js'

/** The gateway's keys (gateway/src/analytics/counter.ts) and the drain's own. */
export const drainKeys = (prefix: string) => ({
  hits: `${prefix}:analytics:hits`,
  /** Days with views stored but not yet rolled up (a failed rollup is retried on the next pass). */
  dirty: `${prefix}:analytics:dirty`,
  lock: `${prefix}:analytics:drain-lock`,
  /** A day's drain batches in the order they were stored (open-days.ts reads the new ones). */
  batches: (day: string) => `${prefix}:analytics:batches:${day}`,
})

/** A day's list of batches outlives its last view by this long (late views, a restarted worker). */
const BATCHES_KEPT_S = 3 * 86_400

const pageView = checkedJson(PageView)

/** A view from the list, or null when it is not one (the list is ours, but nothing is trusted blind). */
export function parseHit(raw: string): HitDoc | null {
  const view = pageView(raw)
  return view && { ...view, at: new Date(view.at) }
}

export interface DrainDeps {
  redis: Redis
  prefix: string
  models: AnalyticsModels
  log: Log
  /** Views taken from the list per read. */
  batch?: number
  /** Reads per pass at most (a pass stays bounded while the gateway keeps pushing). */
  maxBatches?: number
  /** Counts the list's entries dropped as not a page view (not JSON, or not of the contract). */
  dropped?: { inc(count: number): void }
  /** The worker's days held folded: a pass folds their new batches only (else each is read whole). */
  open?: OpenDays
}

/**
 * One pass: the list's views into the raw store, then the rollup of every day they touched (and of
 * days a failed pass left) and of those days' months. One worker at a time (a lock in Redis);
 * returns the views stored.
 */
export async function drainOnce(d: DrainDeps): Promise<number> {
  const keys = drainKeys(d.prefix)
  const token = randomUUID()
  if ((await d.redis.set(keys.lock, token, 'PX', 60_000, 'NX')) !== 'OK') return 0
  let stored = 0
  try {
    for (let i = 0; i < (d.maxBatches ?? 20); i++) {
      const raw = (await d.redis.lpop(keys.hits, d.batch ?? 2000)) ?? []
      if (raw.length === 0) break
      const hits = raw.map(parseHit).filter((h): h is HitDoc => h !== null)
      if (hits.length < raw.length) {
        d.dropped?.inc(raw.length - hits.length)
        d.log.warn({ dropped: raw.length - hits.length }, 'analytics: list entries that are not page views')
      }
      const batch = randomUUID()
      for (const h of hits) h.batch = batch
      const days = [...new Set(hits.map((h) => h.day))]
      // The days to roll up, and the batch in each day's list, before the views are stored: a
      // batch the list names is stored (or partly, as a whole rollup would read it too).
      if (days.length > 0) await recordBatch(d.redis, keys, days, batch)
      try {
        await d.models.hits.insertMany(hits, { ordered: false, lean: true })
      } catch (err) {
        // Back to the list for the next pass (a partial insert may count a few views twice).
        await d.redis.rpush(keys.hits, ...raw)
        throw err
      }
      stored += hits.length
      if (raw.length < (d.batch ?? 2000)) break
    }
    // The days, then their months (each from its day documents); a day leaves the dirty set only
    // once its month is merged again, so a failure anywhere is redone on the next pass.
    const dirty = (await d.redis.smembers(keys.dirty)).sort()
    for (const day of dirty)
      await (d.open ? d.open.rollup(d.models, d.redis, keys.batches(day), day) : rollupDay(d.models, day))
    for (const month of new Set(dirty.map((day) => day.slice(0, 7)))) await rollupMonth(d.models, month)
    if (dirty.length > 0) await d.redis.srem(keys.dirty, ...dirty)
  } finally {
    // Only our own lock (a pass past its 60 s would otherwise free another's).
    if ((await d.redis.get(keys.lock).catch(() => null)) === token)
      await d.redis.del(keys.lock).catch(() => 0)
  }
  return stored
}

async function recordBatch(redis: Redis, keys: ReturnType<typeof drainKeys>, days: string[], batch: string) {
  const multi = redis.multi().sadd(keys.dirty, ...days)
  for (const day of days) multi.rpush(keys.batches(day), batch).expire(keys.batches(day), BATCHES_KEPT_S)
  const results = await multi.exec()
  const failed = results?.find(([err]) => err)
  if (!results || failed) throw failed?.[0] ?? new Error('analytics: batch not recorded')
}

/**
 * Raw views of days older than `days` go, a day at a time (FerretDB pushes equalities down, not
 * ranges); the day's rollup stays, without its `raw` mark.
 */
export async function pruneHits(models: AnalyticsModels, days: number, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - days * 86_400_000).toISOString().slice(0, 10)
  const kept = await models.days.find({ raw: true }, { day: 1 }).lean()
  let gone = 0
  for (const { day } of kept.filter((d) => d.day < cutoff)) {
    gone += (await models.hits.deleteMany({ day })).deletedCount
    await models.days.updateOne({ day }, { $unset: { raw: 1 } })
  }
  return gone
}
