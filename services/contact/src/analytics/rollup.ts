import type { AnalyticsModels, DayDoc, HitDoc, PathRow, RefRow, SourceRow } from './models.js'

/** Rows kept per list and day (the long tail of referrers and tags is cut, the totals are not). */
export const ROWS_PER_DAY = 1000

type Tally = { views: number; visitors: Set<string> }

class Tallies<K> {
  private rows = new Map<string, { key: K; t: Tally }>()
  add(id: string, key: K, visitor: string | null) {
    let row = this.rows.get(id)
    if (!row) this.rows.set(id, (row = { key, t: { views: 0, visitors: new Set() } }))
    row.t.views++
    if (visitor) row.t.visitors.add(visitor)
  }
  top(): (K & { views: number; visitors: number })[] {
    return [...this.rows.values()]
      .map(({ key, t }) => ({ ...key, views: t.views, visitors: t.visitors.size }))
      .sort((a, b) => b.views - a.views)
      .slice(0, ROWS_PER_DAY)
  }
}

/** A day's document from its raw views (pure: the unit of the rollup, and of its benchmark). */
export function tallyDay(
  day: string,
  hits: Iterable<Pick<HitDoc, Exclude<keyof HitDoc, 'at' | 'day'>>>,
): DayDoc {
  const paths = new Tallies<Omit<PathRow, 'views' | 'visitors'>>()
  const refs = new Tallies<Omit<RefRow, 'views' | 'visitors'>>()
  const sources = new Tallies<Omit<SourceRow, 'views' | 'visitors'>>()
  const people = new Set<string>()
  const devices = { desktop: 0, mobile: 0, tablet: 0 }
  let views = 0
  let bots = 0
  for (const h of hits) {
    if (h.device !== 'desktop' && h.device !== 'mobile' && h.device !== 'tablet') {
      bots++
      continue
    }
    views++
    devices[h.device]++
    if (h.visitor) people.add(h.visitor)
    paths.add(`${h.lang} ${h.path}`, { path: h.path, lang: h.lang }, h.visitor)
    if (h.ref) refs.add(h.ref, { ref: h.ref }, h.visitor)
    if (h.source) {
      const key = { source: h.source, medium: h.medium ?? null, campaign: h.campaign ?? null }
      sources.add(JSON.stringify(key), key, h.visitor)
    }
  }
  return {
    day,
    month: day.slice(0, 7),
    views,
    visitors: people.size,
    bots,
    devices,
    paths: paths.top(),
    refs: refs.top(),
    sources: sources.top(),
  }
}

/**
 * One day again, from its raw views (read by the `{ day: 1 }` index, a cursor: one day's views
 * at a time in memory as counters). Idempotent: the day's document is set, not added to, so two
 * runs or a run after a crash agree. Visitors are distinct hashes; views without one (GPC/DNT)
 * count as views only.
 */
export async function rollupDay(m: AnalyticsModels, day: string): Promise<DayDoc> {
  const cursor = m.hits
    .find(
      { day },
      { _id: 0, path: 1, lang: 1, ref: 1, source: 1, medium: 1, campaign: 1, device: 1, visitor: 1 },
    )
    .lean()
    .cursor({ batchSize: 2000 })
  const doc = tallyDay(day, await toArray(cursor))
  await m.days.updateOne({ day }, { $set: { ...doc, raw: true } }, { upsert: true })
  return doc
}

async function toArray<T>(cursor: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const x of cursor) out.push(x)
  return out
}
