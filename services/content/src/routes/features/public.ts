import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Feature, SURROGATE } from '@site/contracts'
import { errorResponses, sendShared } from '@site/service-kit'
import { listFeatures } from './list.js'

/** GET /api/features, in display order. */
const featuresPublic: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/features',
    {
      schema: {
        tags: ['features'],
        summary: 'Features, in display order',
        response: { 200: Type.Array(Feature), 304: {}, ...errorResponses(503) },
      },
    },
    async (request, reply) =>
      sendShared(request, reply, await app.store.cache.get('features', () => listFeatures(app.store)), [
        SURROGATE.features,
      ]),
  )
}
export default featuresPublic
