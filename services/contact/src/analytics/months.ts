import type { AnalyticsModels, DayDoc, MonthDoc } from './models.js'
import { ROWS_PER_DAY } from './rollup.js'

type Counts = { views: number; visitors: number }

/** Sums rows of several days by key (visitors: the sum of each day's, a visitor being per day). */
export function merge<R extends Counts>(rows: R[], id: (r: R) => string): R[] {
  const out = new Map<string, R>()
  for (const r of rows) {
    const k = id(r)
    const known = out.get(k)
    if (known) {
      known.views += r.views
      known.visitors += r.visitors
    } else out.set(k, { ...r })
  }
  return [...out.values()].sort((a, b) => b.views - a.views || id(a).localeCompare(id(b)))
}

export const pathKey = (p: { path: string; lang: string }) => `${p.lang} ${p.path}`
export const sourceKey = (s: { source: string; medium: string | null; campaign: string | null }) =>
  JSON.stringify([s.source, s.medium, s.campaign])

/** What a report adds up: a day's document or a month's. */
export type Rollup = Pick<DayDoc, 'views' | 'visitors' | 'bots' | 'devices' | 'paths' | 'refs' | 'sources'>

/** Several rollups as one, its lists merged and cut at `rows` (pure: a month, or a report). */
export function mergeRollups(parts: Rollup[], rows = ROWS_PER_DAY): Rollup {
  const sum = (n: (r: Rollup) => number) => parts.reduce((s, r) => s + n(r), 0)
  const device = (k: 'desktop' | 'mobile' | 'tablet') => sum((r) => r.devices?.[k] ?? 0)
  return {
    views: sum((r) => r.views),
    visitors: sum((r) => r.visitors),
    bots: sum((r) => r.bots),
    devices: { desktop: device('desktop'), mobile: device('mobile'), tablet: device('tablet') },
    paths: merge(
      parts.flatMap((r) => r.paths),
      pathKey,
    )
      .slice(0, rows)
      .map(({ path, lang, views, visitors }) => ({ path, lang, views, visitors })),
    refs: merge(
      parts.flatMap((r) => r.refs),
      (r) => r.ref,
    )
      .slice(0, rows)
      .map(({ ref, views, visitors }) => ({ ref, views, visitors })),
    sources: merge(
      parts.flatMap((r) => r.sources),
      sourceKey,
    )
      .slice(0, rows)
      .map(({ source, medium, campaign, views, visitors }) => ({
        source,
        medium,
        campaign,
        views,
        visitors,
      })),
  }
}

/** A month's document from its day documents (pure). */
export function monthOf(month: string, days: DayDoc[]): MonthDoc {
  const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day))
  return {
    _id: month,
    ...mergeRollups(sorted),
    days: sorted.map(({ day, views, visitors, bots }) => ({ day, views, visitors, bots })),
  }
}

/**
 * A month again from its day documents (one `analytics_days {month}` read, at most 31 documents),
 * set, not added to: two runs agree, and a run after a crash repairs it. The worker calls it after
 * rolling up any day of the month.
 */
export async function rollupMonth(m: AnalyticsModels, month: string): Promise<MonthDoc> {
  const days = await m.days.find({ month }, { _id: 0, raw: 0 }).lean<DayDoc[]>()
  const doc = monthOf(month, days)
  const { _id, ...rest } = doc
  await m.months.updateOne({ _id }, { $set: rest }, { upsert: true })
  return doc
}

/** Months the worker merges at its start when they have no document yet (five years back). */
export const MERGED_BACK = 60

/**
 * The last `count` months (this one included) that have no merged document yet, merged from their
 * days: the worker's first pass, so day documents kept before months existed are read as months
 * (older ones are still read, from their days). One `_id` read per month once merged; returns the
 * months merged.
 */
export async function mergeMissingMonths(m: AnalyticsModels, count = MERGED_BACK, now = Date.now()) {
  const at = new Date(now)
  let merged = 0
  for (let i = 0; i < count; i++) {
    const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - i, 1)).toISOString().slice(0, 7)
    if (await m.months.exists({ _id: month })) continue
    await rollupMonth(m, month)
    merged++
  }
  return merged
}
