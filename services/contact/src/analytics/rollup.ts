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
  /** The most viewed rows; ties by their id, so a day folded in any order gives the same list. */
  top(): (K & { views: number; visitors: number })[] {
    return [...this.rows.entries()]
      .sort(([a, x], [b, y]) => y.t.views - x.t.views || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, ROWS_PER_DAY)
      .map(([, { key, t }]) => ({ ...key, views: t.views, visitors: t.visitors.size }))
  }
}

/** What the rollup reads of a raw view. */
export type RolledHit = Pick<HitDoc, Exclude<keyof HitDoc, 'at' | 'day'>>

/**
 * A day's counters, one view at a time: what it holds grows with the day's distinct paths,
 * sources and visitors, never with its views, so a day is folded as its cursor streams.
 */
export class DayTally {
  private paths = new Tallies<Omit<PathRow, 'views' | 'visitors'>>()
  private refs = new Tallies<Omit<RefRow, 'views' | 'visitors'>>()
  private sources = new Tallies<Omit<SourceRow, 'views' | 'visitors'>>()
  private people = new Set<string>()
  private devices = { desktop: 0, mobile: 0, tablet: 0 }
  private views = 0
  private bots = 0

  add(h: RolledHit) {
    if (h.device !== 'desktop' && h.device !== 'mobile' && h.device !== 'tablet') {
      this.bots++
      return
    }
    this.views++
    this.devices[h.device]++
    if (h.visitor) this.people.add(h.visitor)
    this.paths.add(`${h.lang} ${h.path}`, { path: h.path, lang: h.lang }, h.visitor)
    if (h.ref) this.refs.add(h.ref, { ref: h.ref }, h.visitor)
    if (h.source) {
      const key = { source: h.source, medium: h.medium ?? null, campaign: h.campaign ?? null }
      this.sources.add(JSON.stringify(key), key, h.visitor)
    }
  }

  /** Folds the views as they stream. */
  async fold(hits: AsyncIterable<RolledHit>) {
    for await (const h of hits) this.add(h)
  }

  doc(day: string): DayDoc {
    return {
      day,
      month: day.slice(0, 7),
      views: this.views,
      visitors: this.people.size,
      bots: this.bots,
      devices: { ...this.devices },
      paths: this.paths.top(),
      refs: this.refs.top(),
      sources: this.sources.top(),
    }
  }
}

/** A day's document from its raw views (pure: the unit of the rollup, and of its benchmark). */
export function tallyDay(day: string, hits: Iterable<RolledHit>): DayDoc {
  const tally = new DayTally()
  for (const h of hits) tally.add(h)
  return tally.doc(day)
}

/** The same, folded as the views stream (a cursor): one view at a time in memory, never the day's. */
export async function foldDay(day: string, hits: AsyncIterable<RolledHit>): Promise<DayDoc> {
  const tally = new DayTally()
  await tally.fold(hits)
  return tally.doc(day)
}

/**
 * One day again, from its raw views (read by the `{ day: 1 }` index as a cursor, folded as it
 * streams: the worker holds the day's counters, not its views). Idempotent: the day's document is
 * set, not added to, so two runs or a run after a crash agree. Visitors are distinct hashes; views
 * without one (GPC/DNT) count as views only.
 */
export async function rollupDay(m: AnalyticsModels, day: string): Promise<DayDoc> {
  const doc = await foldDay(day, rawViews(m, { day }))
  await saveDay(m, doc)
  return doc
}

/** The raw views of a filter (a day, or one drain batch of a day) as a cursor, read as needed. */
export const rawViews = (m: AnalyticsModels, filter: { day: string; batch?: string }) =>
  m.hits
    .find(filter, {
      _id: 0,
      path: 1,
      lang: 1,
      ref: 1,
      source: 1,
      medium: 1,
      campaign: 1,
      device: 1,
      visitor: 1,
    })
    .lean<RolledHit[]>()
    .cursor({ batchSize: 2000 })

/** A day's document set (not added to: two runs agree), marked as having raw views kept. */
export const saveDay = (m: AnalyticsModels, doc: DayDoc) =>
  m.days.updateOne({ day: doc.day }, { $set: { ...doc, raw: true } }, { upsert: true })
