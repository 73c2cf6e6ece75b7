import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { SiteContent, SiteContentInput } from '@site/contracts'
import { ADMIN_WRITE_ERRORS, adminOnly, historyRoutes, writableFields } from '@site/service-kit'
import { toAdminContentDto, toContentDto, nullIfEmpty, CONTENT_TEXTS } from '../../lib/dto.js'
import { contentTranslations, firstLanguages, languageMarks } from '../../lib/localized-translations.js'
import { userValidationMessages } from '../../lib/validation.js'
import { SITE_CONTENT_ID } from '../../models/content.js'

/** POST /api/content: saves the site-wide record; its history under /api/content/revisions. */
const contentAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'content.edit', audit: 'content' })
  userValidationMessages(app)
  const { models } = app.store

  /** A save, or a restore of a revision: recorded as either. One save at a time (the language marks). */
  const save = (request: FastifyRequest, input: SiteContentInput, action: 'update' | 'restore') =>
    app.changes.exclusive(`content:${SITE_CONTENT_ID}`, () => write(request, input, action))

  async function write(request: FastifyRequest, input: SiteContentInput, action: 'update' | 'restore') {
    const body = nullIfEmpty(
      input,
      CONTENT_TEXTS.map((n) => `${n}_de`),
    )
    const before = await models.content.findById(SITE_CONTENT_ID).lean()
    const set: Record<string, unknown> = { ...body, updated_at: new Date() }
    // The languages whose texts changed become the person's; a Dutch edit makes the others stale.
    Object.assign(
      set,
      before ? languageMarks(contentTranslations, before, set) : firstLanguages(contentTranslations, set),
    )
    const doc = await models.content
      .findByIdAndUpdate(
        SITE_CONTENT_ID,
        { $set: set },
        { upsert: true, returnDocument: 'after', lean: true },
      )
      .orFail()
    const content = toContentDto(doc)
    await app.changes.afterWrite(request, {
      kind: 'content',
      action: before ? action : 'create',
      target: { id: content.id, label: 'site content' },
      before: before ? toContentDto(before) : null,
      snapshot: content,
      // The site's texts are always public: an edit may stand in briefly while content is unwell.
      staysPublic: Boolean(before),
    })
    return toAdminContentDto(doc)
  }

  app.post(
    '/api/content',
    {
      config: { capability: ['content.edit', 'translate'] },
      schema: {
        tags: ['content'],
        summary: 'Save the site-wide content (admin)',
        body: SiteContentInput,
        response: { 200: SiteContent, ...ADMIN_WRITE_ERRORS },
      },
    },
    async (request) => save(request, request.body, 'update'),
  )

  historyRoutes(app, {
    kind: 'content',
    path: '/api/content',
    tags: ['content'],
    document: SiteContent,
    notFoundMessage: 'Site content not found',
    idOf: async () => SITE_CONTENT_ID,
    exists: async (id) => Boolean(await models.content.exists({ _id: id })),
    restore: (request, _id, snapshot) =>
      save(request, writableFields(SiteContentInput, snapshot) as SiteContentInput, 'restore'),
  })
}
export default contentAdmin
