import { Schema, type Connection, type Model } from 'mongoose'
import type { PageView } from '@site/contracts'

/**
 * The analytics store (issue 48, docs/security.md "Analytics"): raw page views for a short time, a
 * rollup per day that the admin reads, and conversions as counts. Nothing here names a person: no
 * address, no user agent, no contact id; a visitor is a hash that means nothing the next day.
 */

/** One page view as the gateway pushed it (the contract PageView), kept ANALYTICS_RAW_DAYS. */
export type HitDoc = Omit<PageView, 'at'> & {
  at: Date
  /** The drain batch that stored it (drain.ts): a worker folds a day's new batches only (open-days.ts). */
  batch?: string
}

type Counts = { views: number; visitors: number }
export type PathRow = { path: string; lang: string } & Counts
export type RefRow = { ref: string } & Counts
export type SourceRow = { source: string; medium: string | null; campaign: string | null } & Counts

/**
 * One day rolled up (bots left out but counted): the site's views and distinct visitors, views per
 * device class, and views and visitors per path and language, per referring site and per UTM
 * source. One document per day, merged into its month (MonthDoc) for the admin's reads.
 */
export type DayDoc = {
  day: string
  /** YYYY-MM: the admin reads a period month by month (FerretDB pushes equalities down, not ranges). */
  month: string
  views: number
  visitors: number
  bots: number
  devices: { desktop: number; mobile: number; tablet: number }
  paths: PathRow[]
  refs: RefRow[]
  sources: SourceRow[]
  /** Present (true) while raw views of the day are kept: the pruning finds them by this equality. */
  raw?: true
}

/** A day's totals, as the report's chart draws them. */
export type DayTotals = { day: string; views: number; visitors: number; bots: number }

/**
 * One month merged from its day documents (`_id` YYYY-MM), computed again whenever the worker rolls
 * up one of its days: the sums of its days (visitors summed per day: a visitor is a day's), the
 * lists merged and cut like a day's, and each day's totals for the chart. A report reads whole
 * months from here, one document each, and only the partial months at its ends from the days.
 */
export type MonthDoc = Omit<DayDoc, 'day' | 'month' | 'raw'> & { _id: string; days: DayTotals[] }

/** Consultation requests of a day by language, last post read, entry page and source: a count. */
export type ConversionDoc = {
  day: string
  month: string
  lang: string
  post: string | null
  entry: string | null
  source: string | null
  count: number
}

const str = { type: String, default: null }

const hitSchema = new Schema<HitDoc>(
  {
    at: { type: Date, required: true },
    day: { type: String, required: true },
    path: { type: String, required: true },
    lang: { type: String, required: true },
    ref: str,
    source: str,
    medium: str,
    campaign: str,
    device: { type: String, required: true },
    visitor: str,
    batch: { type: String },
  },
  { versionKey: false },
)
// The rollup reads one day's views, or one batch of a day's; the pruning deletes whole days.
hitSchema.index({ day: 1 })
hitSchema.index({ day: 1, batch: 1 })

const counts = { views: { type: Number, required: true }, visitors: { type: Number, required: true } }
/** A day's and a month's lists. */
const lists = {
  devices: {
    desktop: { type: Number, default: 0 },
    mobile: { type: Number, default: 0 },
    tablet: { type: Number, default: 0 },
  },
  paths: [new Schema({ path: String, lang: String, ...counts }, { _id: false })],
  refs: [new Schema({ ref: String, ...counts }, { _id: false })],
  sources: [new Schema({ source: String, medium: str, campaign: str, ...counts }, { _id: false })],
}
const daySchema = new Schema<DayDoc>(
  {
    day: { type: String, required: true },
    month: { type: String, required: true },
    views: { type: Number, required: true },
    visitors: { type: Number, required: true },
    bots: { type: Number, required: true },
    ...lists,
    raw: { type: Boolean },
  },
  { versionKey: false },
)
// The rollup writes a day; the admin reads a month at a time.
daySchema.index({ day: 1 }, { unique: true })
daySchema.index({ month: 1 })
daySchema.index({ raw: 1 }, { sparse: true })

const monthSchema = new Schema<MonthDoc>(
  {
    _id: { type: String, required: true },
    views: { type: Number, required: true },
    visitors: { type: Number, required: true },
    bots: { type: Number, required: true },
    ...lists,
    days: [new Schema({ day: String, views: Number, visitors: Number, bots: Number }, { _id: false })],
  },
  { versionKey: false },
)

const conversionSchema = new Schema<ConversionDoc>(
  {
    day: { type: String, required: true },
    month: { type: String, required: true },
    lang: { type: String, required: true },
    post: str,
    entry: str,
    source: str,
    count: { type: Number, required: true },
  },
  { versionKey: false },
)
conversionSchema.index({ day: 1, lang: 1, post: 1, entry: 1, source: 1 }, { unique: true })
conversionSchema.index({ month: 1 })

export interface AnalyticsModels {
  hits: Model<HitDoc>
  days: Model<DayDoc>
  months: Model<MonthDoc>
  conversions: Model<ConversionDoc>
}

export function analyticsModels(conn: Connection): AnalyticsModels {
  const model = <T>(name: string, schema: Schema<T>, collection: string) =>
    (conn.models[name] as Model<T> | undefined) ?? conn.model<T>(name, schema, collection)
  return {
    hits: model('AnalyticsHit', hitSchema, 'analytics_hits'),
    days: model('AnalyticsDay', daySchema, 'analytics_days'),
    months: model('AnalyticsMonth', monthSchema, 'analytics_months'),
    conversions: model('AnalyticsConversion', conversionSchema, 'analytics_conversions'),
  }
}

export const buildAnalyticsIndexes = (m: AnalyticsModels) =>
  Promise.all([m.hits, m.days, m.months, m.conversions].map((x) => x.createIndexes()))
