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
  const { models, changed } = app.store

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
      const before = await models.content.findById(SITE_CONTENT_ID).lean()
      const doc = await models.content
        .findByIdAndUpdate(
          SITE_CONTENT_ID,
          { $set: { ...body, updated_at: new Date() } },
          { upsert: true, returnDocument: 'after', lean: true },
        )
        .orFail()
      const content = toContentDto(doc)
      await changed(request, {
        kind: 'content',
        action: before ? 'update' : 'create',
        target: { id: content.id, label: 'site content' },
        before: before ? toContentDto(before) : null,
        snapshot: content,
      })
      return content
    },
  )
}
export default contentAdmin
