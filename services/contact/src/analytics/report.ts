import type { AnalyticsReport } from '@site/contracts'
import type { AnalyticsModels, DayDoc, MonthDoc } from './models.js'
import { merge, mergeRollups, type Rollup } from './months.js'

const TOP = 50

/** Every day from `from` to `to` (UTC, inclusive). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = []
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10))
  return out
}

const POST = /^(\/en|\/de)?\/blog\/[^/]+$/

const lastDay = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10)

type DayTotals = MonthDoc['days'][number]

/**
 * The period's rollups: each whole month as its one `analytics_months {_id}` document, the partial
 * months at the ends (and a month the worker has not merged yet) as their day documents
 * (`analytics_days {month}`, at most 31 each). `fromDays` reads every month from its days (the
 * report before months existed, kept for the comparison in the tests).
 */
async function rollupsOf(m: AnalyticsModels, from: string, to: string, fromDays: boolean) {
  const months = [...new Set(daysBetween(from, to).map((d) => d.slice(0, 7)))]
  const parts = await Promise.all(
    months.map(async (month): Promise<{ parts: Rollup[]; days: DayTotals[] }> => {
      const whole = !fromDays && from <= `${month}-01` && to >= lastDay(month)
      const merged = whole ? await m.months.findById(month).lean<MonthDoc>() : null
      if (merged) return { parts: [merged], days: merged.days }
      const days = (await m.days.find({ month }, { _id: 0, raw: 0 }).lean<DayDoc[]>()).filter(
        (d) => d.day >= from && d.day <= to,
      )
      return { parts: days, days }
    }),
  )
  return { parts: parts.flatMap((p) => p.parts), days: parts.flatMap((p) => p.days) }
}

/**
 * The report of a period from the rollups alone: at most 14 documents for its whole months and 62
 * days for the partial months at its ends, so a year costs about what a day costs, whatever the
 * views of that year. Conversions are read a month at a time (`analytics_conversions {month}`).
 */
export async function analyticsReport(
  m: AnalyticsModels,
  from: string,
  to: string,
  o: { fromDays?: boolean } = {},
): Promise<AnalyticsReport> {
  const months = [...new Set(daysBetween(from, to).map((d) => d.slice(0, 7)))]
  const [rollups, conversions] = await Promise.all([
    rollupsOf(m, from, to, o.fromDays === true),
    Promise.all(months.map((month) => m.conversions.find({ month }, { _id: 0 }).lean())).then((c) =>
      c.flat().filter((r) => r.day >= from && r.day <= to),
    ),
  ])
  const perDay = new Map(rollups.days.map((d) => [d.day, d]))
  const series = daysBetween(from, to).map((day) => {
    const d = perDay.get(day)
    return { day, views: d?.views ?? 0, visitors: d?.visitors ?? 0, bots: d?.bots ?? 0 }
  })
  const all = mergeRollups(rollups.parts, Infinity)
  const sum = <T>(rows: T[], n: (r: T) => number) => rows.reduce((s, r) => s + n(r), 0)
  const paths = all.paths
  const perLang = new Map<string, number>()
  const conv = merge(
    conversions.map((c) => ({ post: c.post, lang: c.lang, source: c.source, views: c.count, visitors: 0 })),
    (c) => JSON.stringify([c.post, c.lang, c.source]),
  ).map(({ post, lang, source, views }) => ({ post, lang, source, count: views }))
  return {
    from,
    to,
    totals: {
      views: sum(series, (d) => d.views),
      visitors: sum(series, (d) => d.visitors),
      bots: sum(series, (d) => d.bots),
      conversions: sum(conv, (c) => c.count),
    },
    days: series,
    devices: all.devices,
    paths: paths.filter((p) => {
      const n = perLang.get(p.lang) ?? 0
      perLang.set(p.lang, n + 1)
      return n < TOP
    }),
    posts: paths.filter((p) => POST.test(p.path)),
    referrers: all.refs.slice(0, TOP).map(({ ref, views, visitors }) => ({ referrer: ref, views, visitors })),
    sources: all.sources.slice(0, TOP).map(({ source, medium, campaign, views, visitors }) => ({
      source,
      medium,
      campaign,
      views,
      visitors,
    })),
    conversions: conv,
  }
}
