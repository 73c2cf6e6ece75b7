import type { AnalyticsReport } from '@site/contracts'
import type { AnalyticsModels, DayDoc } from './models.js'

const TOP = 50

/** Every day from `from` to `to` (UTC, inclusive). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = []
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10))
  return out
}

type Counts = { views: number; visitors: number }

/** Sums rows of several days by key (visitors: the sum of each day's, a visitor being per day). */
function merge<R extends Counts>(rows: R[], id: (r: R) => string): R[] {
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

const POST = /^(\/en|\/de)?\/blog\/[^/]+$/

/**
 * The report of a period from the rollups alone: one document per day, read a month at a time
 * (`analytics_days {month}`, `analytics_conversions {month}`: one query each per month the period
 * touches), so its cost grows with the period's days, never with its views.
 */
export async function analyticsReport(
  m: AnalyticsModels,
  from: string,
  to: string,
): Promise<AnalyticsReport> {
  const months = [...new Set(daysBetween(from, to).map((d) => d.slice(0, 7)))]
  const inPeriod = <T extends { day: string }>(rows: T[]) => rows.filter((r) => r.day >= from && r.day <= to)
  const [days, conversions] = await Promise.all([
    Promise.all(months.map((month) => m.days.find({ month }, { _id: 0, raw: 0 }).lean<DayDoc[]>())),
    Promise.all(months.map((month) => m.conversions.find({ month }, { _id: 0 }).lean())),
  ]).then(([d, c]) => [inPeriod(d.flat()), inPeriod(c.flat())] as const)
  const perDay = new Map(days.map((d) => [d.day, d]))
  const series = daysBetween(from, to).map((day) => {
    const d = perDay.get(day)
    return { day, views: d?.views ?? 0, visitors: d?.visitors ?? 0, bots: d?.bots ?? 0 }
  })
  const sum = <T>(rows: T[], n: (r: T) => number) => rows.reduce((s, r) => s + n(r), 0)
  const device = (k: 'desktop' | 'mobile' | 'tablet') => sum(days, (d) => d.devices?.[k] ?? 0)
  const paths = merge(
    days.flatMap((d) => d.paths),
    (p) => `${p.lang} ${p.path}`,
  ).map(({ path, lang, views, visitors }) => ({ path, lang, views, visitors }))
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
    devices: { desktop: device('desktop'), mobile: device('mobile'), tablet: device('tablet') },
    paths: paths.filter((p) => {
      const n = perLang.get(p.lang) ?? 0
      perLang.set(p.lang, n + 1)
      return n < TOP
    }),
    posts: paths.filter((p) => POST.test(p.path)),
    referrers: merge(
      days.flatMap((d) => d.refs),
      (r) => r.ref,
    )
      .slice(0, TOP)
      .map(({ ref, views, visitors }) => ({ referrer: ref, views, visitors })),
    sources: merge(
      days.flatMap((d) => d.sources),
      (s) => JSON.stringify([s.source, s.medium, s.campaign]),
    )
      .slice(0, TOP)
      .map(({ source, medium, campaign, views, visitors }) => ({
        source,
        medium,
        campaign,
        views,
        visitors,
      })),
    conversions: conv,
  }
}
