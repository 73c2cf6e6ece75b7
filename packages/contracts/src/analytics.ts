import { Type, type Static } from 'typebox'

/**
 * `GET /api/admin/analytics` (issue 48): the daily rollups of a period, read whole (a year costs
 * what a day does: rows per day and combination, never per view). Days are UTC, YYYY-MM-DD.
 */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a UTC day, YYYY-MM-DD' })

export const AnalyticsQuery = Type.Object({
  from: Type.String({ maxLength: 10 }),
  to: Type.String({ maxLength: 10 }),
})
export type AnalyticsQuery = Static<typeof AnalyticsQuery>

const Counts = { views: Type.Integer(), visitors: Type.Integer() }

export const AnalyticsDay = Type.Object({ day: Day, ...Counts, bots: Type.Integer() })
export const AnalyticsPath = Type.Object({ path: Type.String(), lang: Type.String(), ...Counts })
export const AnalyticsConversion = Type.Object({
  /** The last post read in the visit (null: none). */
  post: Type.Union([Type.String(), Type.Null()]),
  lang: Type.String(),
  /** UTM source, else the referring site (null: direct, or the visitor asked not to be tracked). */
  source: Type.Union([Type.String(), Type.Null()]),
  count: Type.Integer(),
})

export const AnalyticsReport = Type.Object({
  from: Day,
  to: Day,
  totals: Type.Object({ ...Counts, bots: Type.Integer(), conversions: Type.Integer() }),
  /** Every day of the period, days without views included (zeros). */
  days: Type.Array(AnalyticsDay),
  devices: Type.Object({ desktop: Type.Integer(), mobile: Type.Integer(), tablet: Type.Integer() }),
  /** The most viewed paths, up to 50 per language; visitors are summed per day (unique per day). */
  paths: Type.Array(AnalyticsPath),
  /** Views of every post's page (/blog/<slug>, per language), for the Blog tab. */
  posts: Type.Array(AnalyticsPath),
  referrers: Type.Array(Type.Object({ referrer: Type.String(), ...Counts })),
  sources: Type.Array(
    Type.Object({
      source: Type.Union([Type.String(), Type.Null()]),
      medium: Type.Union([Type.String(), Type.Null()]),
      campaign: Type.Union([Type.String(), Type.Null()]),
      ...Counts,
    }),
  ),
  conversions: Type.Array(AnalyticsConversion),
})
export type AnalyticsReport = Static<typeof AnalyticsReport>

/** A view's device class, from its user agent; bots (or no user agent) are counted apart. */
export const Device = Type.Union([
  Type.Literal('desktop'),
  Type.Literal('mobile'),
  Type.Literal('tablet'),
  Type.Literal('bot'),
])
export type Device = Static<typeof Device>

const Tag = Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()])

/**
 * One counted page view as the gateway pushes it to Redis (JSON, the list `<prefix>:analytics:hits`)
 * and the contact service's analytics worker drains it (docs/contact.md "Analytics"): no address,
 * no user agent, at most the visitor's daily hash. The worker checks each entry against this
 * schema and drops (and counts) what does not match.
 */
export const PageView = Type.Object({
  /** Epoch milliseconds. */
  at: Type.Integer({ minimum: 0 }),
  /** UTC day (the salt's day and the rollup's). */
  day: Day,
  path: Type.String({ minLength: 1, maxLength: 200 }),
  lang: Type.String({ minLength: 1, maxLength: 8 }),
  /** The referring site's host (without `www.`), external only; null for direct and internal. */
  ref: Tag,
  source: Tag,
  medium: Tag,
  campaign: Tag,
  device: Device,
  /** hash(daily salt, address, user agent); null when the visitor asked not to be tracked, and for bots. */
  visitor: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()]),
})
export type PageView = Static<typeof PageView>
