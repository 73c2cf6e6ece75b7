import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SiteContent, SiteContentInput } from '@site/contracts'
import { ADMIN_WRITE_ERRORS, adminOnly } from '@site/service-kit'
import { toContentDto, nullIfEmpty, CONTENT_TEXTS } from '../../lib/dto.js'
import { userValidationMessages } from '../../lib/validation.js'
import { SITE_CONTENT_ID } from '../../models/content.js'

/** POST /api/content: saves the site-wide record. */
const contentAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app)
  userValidationMessages(app)
  const { models, cache } = app.store

  app.post(
    '/api/content',
    {
      schema: {
        tags: ['content'],
        summary: 'Save the site-wide content (admin)',
        body: SiteContentInput,
        response: { 200: SiteContent, ...ADMIN_WRITE_ERRORS },
      },
    },
    async (request) => {
      const body = nullIfEmpty(
        request.body,
        CONTENT_TEXTS.map((n) => `${n}_de`),
      )
      const doc = await models.content
        .findByIdAndUpdate(
          SITE_CONTENT_ID,
          { $set: { ...body, updated_at: new Date() } },
          { upsert: true, returnDocument: 'after', lean: true },
        )
        .orFail()
      await cache.invalidate(request.log)
      return toContentDto(doc)
    },
  )
}
export default contentAdmin
