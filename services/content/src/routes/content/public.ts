import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SURROGATE, SiteContent } from '@site/contracts'
import { errorResponses, sendShared } from '@site/service-kit'
import { toContentDto } from '../../lib/dto.js'
import { SITE_CONTENT_ID } from '../../models/content.js'

/** GET /api/content: the one site-wide record (hero, methodology, philosophy, contact details). */
const contentPublic: FastifyPluginAsyncTypebox = async (app) => {
  const { models, cache, seeded } = app.store

  async function load() {
    await seeded()
    const doc = await models.content.findById(SITE_CONTENT_ID).lean()
    if (!doc) throw new Error('site content missing after seeding')
    return toContentDto(doc)
  }

  app.get(
    '/api/content',
    {
      schema: {
        tags: ['content'],
        summary: 'The site-wide content',
        response: { 200: SiteContent, 304: {}, ...errorResponses(503) },
      },
    },
    async (request, reply) =>
      sendShared(request, reply, await cache.get('content', load), [SURROGATE.content]),
  )
}
export default contentPublic
