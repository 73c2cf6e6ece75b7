import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ErrorBody, SiteContent, SiteContentInput } from '@site/contracts'
import { adminOnly, errors } from '../../lib/admin.js'
import { contentDto, nullIfEmpty, CONTENT_TEXTS } from '../../lib/dto.js'
import { sendCached } from '@site/service-kit'
import { SITE_CONTENT_ID } from '../../models/content.js'

const tags = ['content']

/** GET/POST /api/content: the one site-wide record (hero, methodology, philosophy, contact details). */
const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { models, cache, seeded } = app.store

  async function load() {
    await seeded()
    const doc = await models.content.findById(SITE_CONTENT_ID).lean()
    if (!doc) throw new Error('site content missing after seeding')
    return contentDto(doc)
  }

  app.get(
    '/api/content',
    { schema: { tags, summary: 'The site-wide content', response: { 200: SiteContent, 304: {}, 503: ErrorBody } } },
    async (request, reply) => sendCached(request, reply, await cache.get('content', load)),
  )

  await app.register(async (scope) => {
    adminOnly(scope)
    const admin = scope.withTypeProvider<TypeBoxTypeProvider>()
    admin.post(
      '/api/content',
      { schema: { tags, summary: 'Save the site-wide content (admin)', body: SiteContentInput, response: { 200: SiteContent, ...errors } } },
      async (request) => {
        const body = nullIfEmpty(request.body, CONTENT_TEXTS.map((n) => `${n}_de`))
        const doc = await models.content
          .findByIdAndUpdate(SITE_CONTENT_ID, { $set: { ...body, updated_at: new Date() } }, { upsert: true, returnDocument: 'after', lean: true })
          .orFail()
        await cache.invalidate(request.log)
        return contentDto(doc)
      },
    )
  })
}
export default contentRoutes
