import { Counter, Histogram, type Registry } from 'prom-client'
import { connectMongo, createRedis, type Closable, type Log } from '@site/service-kit'
import { analyticsModels, buildAnalyticsIndexes } from './models.js'
import { drainOnce, pruneHits } from './drain.js'
import { OpenDays } from './open-days.js'
import { mergeMissingMonths } from './months.js'

export interface AnalyticsWorkerConfig {
  MONGO_URL: string
  MONGO_DB: string
  REDIS_URL: string
  QUEUE_PREFIX: string
  ANALYTICS_RAW_DAYS: number
  ANALYTICS_DRAIN_MS: number
}

interface Ctx {
  log: Log
  metrics?: Registry
}

const HOUR = 3_600_000

/**
 * The contact worker's analytics loop: every ANALYTICS_DRAIN_MS the gateway's views go from Redis
 * into the raw store and the days they touched are rolled up again; once an hour raw views older
 * than ANALYTICS_RAW_DAYS go. The first pass merges the months of the last five years that have no
 * merged document (day documents kept before months existed). Never overlapping; a failed pass is logged and the next one retries.
 */
export async function startAnalytics(config: AnalyticsWorkerConfig, ctx: Ctx): Promise<Closable[]> {
  const registers = ctx.metrics ? [ctx.metrics] : []
  const drained = new Counter({
    name: 'contact_analytics_views_stored_total',
    help: 'Page views moved from Redis into the raw store',
    registers,
  })
  const dropped = new Counter({
    name: 'contact_analytics_views_dropped_total',
    help: 'Entries of the views list dropped as not a page view (not JSON, or not of the contract)',
    registers,
  })
  const passes = new Histogram({
    name: 'contact_analytics_pass_seconds',
    help: 'Time of one drain and rollup pass',
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30],
    registers,
  })
  const conn = await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB })
  const models = analyticsModels(conn)
  const redis = createRedis(config.REDIS_URL, { commandTimeout: 10_000 })
  const open = new OpenDays()
  let indexed = false
  let prunedAt = 0
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const pass = async () => {
    if (!indexed) {
      await buildAnalyticsIndexes(models)
      const merged = await mergeMissingMonths(models)
      if (merged > 0) ctx.log.info({ merged }, 'analytics: months merged from their days')
      indexed = true
    }
    const end = passes.startTimer()
    drained.inc(await drainOnce({ redis, prefix: config.QUEUE_PREFIX, models, log: ctx.log, dropped, open }))
    end()
    if (Date.now() - prunedAt > HOUR) {
      const gone = await pruneHits(models, config.ANALYTICS_RAW_DAYS)
      prunedAt = Date.now()
      if (gone > 0) ctx.log.info({ gone }, 'analytics: old raw views deleted')
    }
  }
  const tick = () => {
    running = pass()
      .catch((err: unknown) => ctx.log.warn({ reason: (err as Error).message }, 'analytics pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, config.ANALYTICS_DRAIN_MS)
      })
  }
  timer = setTimeout(tick, 0)
  return [
    {
      async close() {
        stopped = true
        clearTimeout(timer)
        await running
      },
    },
    { close: async () => redis.disconnect() },
    { close: () => conn.close() },
  ]
}
