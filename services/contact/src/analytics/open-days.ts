import type { Redis } from 'ioredis'
import type { AnalyticsModels, DayDoc } from './models.js'
import { DayTally, rawViews, saveDay } from './rollup.js'

/** What a worker holds of a day it rolled up: its counters and the last drain batch they include. */
type Open = { tally: DayTally; seen: number; last: string | null }

/**
 * The days a worker rolled up lately (today, and yesterday while its late views come in), kept
 * folded in memory, so a drain pass folds only the batches stored since its last pass: each pass
 * reads the day's new views by `{day, batch}`, not all of them. The drain records every batch of a
 * day, in order, in the Redis list `batches(day)` before storing it (drain.ts); `seen` is how much
 * of that list the counters include, `last` its last id. The counters keep every row and visitor
 * (cut only when a document is made), so the document is the one a whole rollup makes.
 *
 * A day not held, a list that no longer starts as it did (Redis lost it), or more than `maxBatches`
 * new batches (another worker drained a long while) is read whole again, as rollupDay does. Two
 * workers each keep their own counters and read the same list; the drain lock lets one pass run at
 * a time, so a batch in the list is stored when the next pass reads it. A failed read drops the day.
 */
export class OpenDays {
  private days = new Map<string, Open>()

  constructor(
    private readonly kept = 2,
    private readonly maxBatches = 500,
  ) {}

  /** The day's document again, from its new batches or whole; written like rollupDay's. */
  async rollup(m: AnalyticsModels, redis: Redis, list: string, day: string): Promise<DayDoc> {
    try {
      const open = (await this.fresh(m, redis, list, day)) ?? (await this.whole(m, redis, list, day))
      const doc = open.tally.doc(day)
      await saveDay(m, doc)
      return doc
    } catch (err) {
      this.days.delete(day)
      throw err
    }
  }

  /** The held counters with the batches stored since, or undefined when the day is to be read whole. */
  private async fresh(m: AnalyticsModels, redis: Redis, list: string, day: string) {
    const open = this.days.get(day)
    if (!open) return undefined
    // From the last batch folded (it must still be there) to the end.
    const ids = await redis.lrange(list, Math.max(0, open.seen - 1), -1)
    const fresh = open.seen > 0 ? ids.slice(1) : ids
    if ((open.seen > 0 && ids[0] !== open.last) || fresh.length > this.maxBatches) return undefined
    for (const batch of fresh) await open.tally.fold(rawViews(m, { day, batch }))
    open.seen += fresh.length
    open.last = fresh.at(-1) ?? open.last
    return open
  }

  private async whole(m: AnalyticsModels, redis: Redis, list: string, day: string) {
    this.days.delete(day)
    // The list as it is now: the batches stored so far, all of which the whole read includes.
    const seen = await redis.llen(list)
    const last = seen > 0 ? await redis.lindex(list, seen - 1) : null
    const open: Open = { tally: new DayTally(), seen, last }
    await open.tally.fold(rawViews(m, { day }))
    this.days.set(day, open)
    // The oldest days go first.
    for (const old of [...this.days.keys()].sort().slice(0, Math.max(0, this.days.size - this.kept)))
      this.days.delete(old)
    return open
  }
}
