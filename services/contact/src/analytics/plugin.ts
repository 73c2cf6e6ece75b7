import fp from 'fastify-plugin'
import { analyticsModels, buildAnalyticsIndexes, type AnalyticsModels } from './models.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics store: raw views, daily rollups, conversions (analytics/models.ts). */
    analytics: AnalyticsModels
  }
}

/** The analytics collections; their indexes are built at boot (the worker builds them too). */
export default fp(
  async (app) => {
    const models = analyticsModels(app.db)
    app.decorate('analytics', models)
    app.addHook('onReady', async () => {
      await buildAnalyticsIndexes(models).catch((err: unknown) =>
        app.log.warn(
          { reason: (err as Error).message },
          'analytics indexes not built yet (the worker builds them)',
        ),
      )
    })
  },
  { name: 'contact-analytics', dependencies: ['kit-mongo'] },
)
