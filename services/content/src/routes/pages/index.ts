import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { conflict, notFound } from '@site/service-kit'
import { ErrorBody, IdParams, Page, PageInput } from '@site/contracts'
import { adminOnly, errors } from '../../lib/admin.js'
import { isObjectId, nullIfEmpty, pageDto } from '../../lib/dto.js'
import { PRIVATE_REVALIDATE, PUBLIC_REVALIDATE, sendCached } from '@site/service-kit'
import { sanitizePageHtml } from '../../lib/sanitize.js'

const tags = ['pages']
const PAGE_NOT_FOUND = 'Page not found'
const SLUG_TAKEN = 'A page with this slug already exists'
const OPTIONAL = ['title_de', 'content_de', 'meta_description_nl', 'meta_description_en', 'meta_description_de']

function toDocument(body: PageInput) {
  const page = nullIfEmpty(body, OPTIONAL)
  return {
    ...page,
    content_nl: sanitizePageHtml(page.content_nl),
    content_en: sanitizePageHtml(page.content_en),
    content_de: page.content_de ? sanitizePageHtml(page.content_de) : null,
    published: page.published ?? true,
  }
}

/** E11000 on MongoDB; FerretDB 1.24 reports a unique violation of an update as an InternalError instead. */
const isDuplicate = (err: unknown) =>
  (err as { code?: unknown }).code === 11000 || /UNIQUE constraint failed/.test(String((err as { message?: unknown }).message))

/** GET/POST /api/pages, GET /api/pages/slug/{slug}, PUT/DELETE /api/pages/{id}. Drafts are for admins only. */
const pageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { models, cache } = app.store

  /** The list this request may see, from the cache: admins get drafts too (and a private answer). */
  async function visible(request: import('fastify').FastifyRequest) {
    const admin = (await request.getAdmin()) !== null
    const entry = await cache.get(admin ? 'pages:all' : 'pages:public', async () => {
      const docs = await models.pages.find(admin ? {} : { published: true }).sort({ created_at: -1, _id: -1 }).lean()
      return docs.map(pageDto)
    })
    return { admin, entry }
  }

  app.get(
    '/api/pages',
    { schema: { tags, summary: 'Pages (drafts only for admins)', response: { 200: Type.Array(Page), 304: {}, 503: ErrorBody } } },
    async (request, reply) => {
      const { admin, entry } = await visible(request)
      reply.header('vary', 'Cookie')
      return sendCached(request, reply, entry, admin ? PRIVATE_REVALIDATE : PUBLIC_REVALIDATE)
    },
  )

  app.get(
    '/api/pages/slug/:slug',
    { schema: { tags, summary: 'One page by slug', params: Type.Object({ slug: Type.String({ maxLength: 200 }) }), response: { 200: Page, 404: ErrorBody } } },
    async (request, reply) => {
      const { entry } = await visible(request)
      const page = (JSON.parse(entry.body) as Page[]).find((p) => p.slug === request.params.slug)
      if (!page) throw notFound(PAGE_NOT_FOUND)
      reply.header('cache-control', 'private, no-cache')
      return page
    },
  )

  await app.register(async (scope) => {
    adminOnly(scope)
    const admin = scope.withTypeProvider<TypeBoxTypeProvider>()

    admin.post(
      '/api/pages',
      { schema: { tags, summary: 'Create a page (admin)', body: PageInput, response: { 201: Page, ...errors } } },
      async (request, reply) => {
        const doc = await models.pages.create(toDocument(request.body)).catch((err: unknown) => {
          throw isDuplicate(err) ? conflict(SLUG_TAKEN, 'SLUG_TAKEN') : err
        })
        await cache.invalidate(request.log)
        return reply.code(201).send(pageDto(doc.toObject()))
      },
    )

    admin.put(
      '/api/pages/:id',
      { schema: { tags, summary: 'Update a page (admin)', params: IdParams, body: PageInput, response: { 200: Page, ...errors } } },
      async (request) => {
        const { id } = request.params
        if (!isObjectId(id)) throw notFound(PAGE_NOT_FOUND)
        const holder = await models.pages.findOne({ slug: request.body.slug }).select({ _id: 1 }).lean()
        if (holder && String(holder._id) !== id) throw conflict(SLUG_TAKEN, 'SLUG_TAKEN')
        const doc = await models.pages
          .findByIdAndUpdate(id, { $set: { ...toDocument(request.body), updated_at: new Date() } }, { returnDocument: 'after', lean: true })
          .catch((err: unknown) => {
            throw isDuplicate(err) ? conflict(SLUG_TAKEN, 'SLUG_TAKEN') : err
          })
        if (!doc) throw notFound(PAGE_NOT_FOUND)
        await cache.invalidate(request.log)
        return pageDto(doc)
      },
    )

    admin.delete(
      '/api/pages/:id',
      { schema: { tags, summary: 'Delete a page (admin)', params: IdParams, response: { 204: Type.Null(), ...errors } } },
      async (request, reply) => {
        const { id } = request.params
        if (!isObjectId(id)) throw notFound(PAGE_NOT_FOUND)
        const doc = await models.pages.findByIdAndDelete(id).lean()
        if (!doc) throw notFound(PAGE_NOT_FOUND)
        await cache.invalidate(request.log)
        return reply.code(204).send(null)
      },
    )
  })
}
export default pageRoutes
