import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PRIVATE_NO_STORE, adminOnly, badRequest, errorResponses } from '@site/service-kit'
import { AnalyticsQuery, AnalyticsReport } from '@site/contracts'
import type { Config } from '../config.js'
import { analyticsReport } from '../analytics/report.js'

const DAY = /^\d{4}-\d{2}-\d{2}$/
/** A real day (2026-02-30 is not one). */
const valid = (d: string) => {
  const t = DAY.test(d) ? Date.parse(`${d}T00:00:00Z`) : NaN
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d)
}

/** `GET /api/admin/analytics`: the Analytics tab's numbers (docs/api.md, docs/security.md "Analytics"). */
const analyticsAdmin: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  adminOnly(app, { capability: 'analytics' })
  const max = config.ANALYTICS_MAX_RANGE_DAYS
  app.get(
    '/api/admin/analytics',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Page views, visitors, sources and conversions of a period (daily rollups)',
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsReport, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query
      if (!valid(from) || !valid(to))
        throw badRequest(
          'Please give the period as two dates, YYYY-MM-DD (for example 2026-01-31).',
          'BAD_PERIOD',
        )
      if (from > to) throw badRequest('The period must start on or before the day it ends.', 'BAD_PERIOD')
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1
      if (days > max)
        throw badRequest(
          `The period is ${days} days long; please choose at most ${max} days.`,
          'PERIOD_TOO_LONG',
        )
      reply.header('cache-control', PRIVATE_NO_STORE)
      return analyticsReport(app.analytics, from, to)
    },
  )
}
export default analyticsAdmin
