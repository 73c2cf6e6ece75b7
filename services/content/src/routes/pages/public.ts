import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { PRIVATE_NO_STORE, PUBLIC_REVALIDATE, conflict, findPage, notFound, sendCached, titleSearch } from '@site/service-kit'
import { ErrorBody, IdParams, PAGE_SIZE_DEFAULT, Page, PageInput, PageQuery, PageSummary, Paged } from '@site/contracts'
import { adminOnly, errors } from '../../lib/admin.js'
import { isObjectId, nullIfEmpty, pageDto, pageSummaryDto } from '../../lib/dto.js'
import { sanitizePageHtml } from '../../lib/sanitize.js'

const tags = ['pages']
const PAGE_NOT_FOUND = 'Page not found'
const SLUG_TAKEN = 'A page with this slug already exists'
const WITHOUT_CONTENT = { content_nl: 0, content_en: 0, content_de: 0 } as const
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

/**
 * GET/POST /api/pages, GET /api/pages/slug/{slug}, GET/PUT/DELETE /api/pages/{id}. Drafts are for
 * admins only. The list answers pages of summaries (no content_*): the footer and the admin list
 * show titles and slugs; the public page and the editor read one full page.
 */
const pageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { models, cache } = app.store

  app.get(
    '/api/pages',
    {
      schema: {
        tags,
        summary: 'Pages as summaries, newest first (drafts and the title search `q` only for admins)',
        querystring: PageQuery,
        response: { 200: Paged(PageSummary), 304: {}, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const { page = 1, pageSize = PAGE_SIZE_DEFAULT, q } = request.query
      reply.header('vary', 'Cookie')
      if ((await request.getAdmin()) !== null) {
        reply.header('cache-control', PRIVATE_NO_STORE)
        return listPages({}, { page, pageSize, q })
      }
      // Visitors get the published pages from the cache; `q` is an admin search and ignored here.
      const entry = await cache.get(`pages:public:${page}:${pageSize}`, () => listPages({ published: true }, { page, pageSize }))
      return sendCached(request, reply, entry, PUBLIC_REVALIDATE)
    },
  )

  function listPages(filter: Record<string, unknown>, query: PageQuery) {
    const where = { ...filter, ...titleSearch(query.q, ['title_nl', 'title_en']) }
    return findPage(models.pages, where, query, { sort: { created_at: -1, _id: -1 }, projection: WITHOUT_CONTENT, map: pageSummaryDto })
  }

  app.get(
    '/api/pages/slug/:slug',
    { schema: { tags, summary: 'One page by slug', params: Type.Object({ slug: Type.String({ maxLength: 200 }) }), response: { 200: Page, 304: {}, 404: ErrorBody } } },
    async (request, reply) => {
      const { slug } = request.params
      reply.header('vary', 'Cookie')
      const entry = await cache.get(`pages:slug:${slug}`, async () => {
        const doc = await models.pages.findOne({ slug, published: true }).lean()
        return doc ? pageDto(doc) : null
      })
      if (entry.body !== 'null') return sendCached(request, reply, entry, PUBLIC_REVALIDATE)
      const draft = (await request.getAdmin()) ? await models.pages.findOne({ slug }).lean() : null
      if (!draft) throw notFound(PAGE_NOT_FOUND)
      return reply.header('cache-control', PRIVATE_NO_STORE).send(pageDto(draft))
    },
  )

  await app.register(async (scope) => {
    adminOnly(scope)
    const admin = scope.withTypeProvider<TypeBoxTypeProvider>()

    admin.get(
      '/api/pages/:id',
      { schema: { tags, summary: 'One full page for the editor (admin)', params: IdParams, response: { 200: Page, 401: ErrorBody, 404: ErrorBody } } },
      async (request, reply) => {
        const { id } = request.params
        const doc = isObjectId(id) ? await models.pages.findById(id).lean() : null
        if (!doc) throw notFound(PAGE_NOT_FOUND)
        reply.header('cache-control', PRIVATE_NO_STORE)
        return pageDto(doc)
      },
    )

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
