import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  ADMIN_WRITE_ERRORS,
  PRIVATE_NO_STORE,
  adminOnly,
  conflict,
  errorResponses,
  historyRoutes,
  isObjectId,
  notFound,
  onDuplicateKey,
  writableFields,
} from '@site/service-kit'
import type { FastifyRequest } from 'fastify'
import { IdParams, Page, PageInput } from '@site/contracts'
import { nullIfEmpty, toPageDto } from '../../lib/dto.js'
import { sanitizePageHtml } from '../../lib/sanitize.js'
import { userValidationMessages } from '../../lib/validation.js'
import { PAGE_NOT_FOUND, SLUG_TAKEN } from './texts.js'
import { followPageSlug } from '../../lib/page-redirects.js'

const tags = ['pages']
const errors = ADMIN_WRITE_ERRORS
const OPTIONAL = [
  'title_de',
  'content_de',
  'meta_description_nl',
  'meta_description_en',
  'meta_description_de',
]

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

const pageTarget = (page: Page) => ({ id: page.id, label: page.slug })

/** GET/PUT/DELETE /api/pages/{id} and POST /api/pages: the page editor. */
const pagesAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app)
  userValidationMessages(app)
  const { models, changed } = app.store
  const slugTaken = () => conflict(SLUG_TAKEN, 'SLUG_TAKEN')

  /** An edit, or a restore of a revision: the same rules, recorded as either. */
  async function update(request: FastifyRequest, id: string, body: PageInput, action: 'update' | 'restore') {
    if (!isObjectId(id)) throw notFound(PAGE_NOT_FOUND)
    const holder = await models.pages.findOne({ slug: body.slug }).select({ _id: 1 }).lean()
    if (holder && String(holder._id) !== id) throw slugTaken()
    const set = { ...toDocument(body), updated_at: new Date() }
    const before = await models.pages
      .findByIdAndUpdate(id, { $set: set }, { returnDocument: 'before', lean: true })
      .catch(onDuplicateKey(slugTaken()))
    if (!before) throw notFound(PAGE_NOT_FOUND)
    await followPageSlug(models.pageRedirects, before, { ...before, ...set })
    const page = toPageDto({ ...before, ...set })
    await changed(request, {
      kind: 'page',
      action,
      target: pageTarget(page),
      before: toPageDto(before),
      snapshot: page,
    })
    return page
  }

  app.get(
    '/api/pages/:id',
    {
      schema: {
        tags,
        summary: 'One full page for the editor (admin)',
        params: IdParams,
        response: { 200: Page, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const doc = isObjectId(id) ? await models.pages.findById(id).lean() : null
      if (!doc) throw notFound(PAGE_NOT_FOUND)
      reply.header('cache-control', PRIVATE_NO_STORE)
      return toPageDto(doc)
    },
  )

  app.post(
    '/api/pages',
    {
      schema: { tags, summary: 'Create a page (admin)', body: PageInput, response: { 201: Page, ...errors } },
    },
    async (request, reply) => {
      const doc = await models.pages.create(toDocument(request.body)).catch(onDuplicateKey(slugTaken()))
      const page = toPageDto(doc.toObject())
      await followPageSlug(models.pageRedirects, null, doc)
      await changed(request, { kind: 'page', action: 'create', target: pageTarget(page), snapshot: page })
      return reply.code(201).send(page)
    },
  )

  app.put(
    '/api/pages/:id',
    {
      schema: {
        tags,
        summary: 'Update a page (admin)',
        params: IdParams,
        body: PageInput,
        response: { 200: Page, ...errors },
      },
    },
    async (request) => update(request, request.params.id, request.body, 'update'),
  )

  historyRoutes(app, {
    kind: 'page',
    path: '/api/pages/:id',
    tags,
    document: Page,
    notFoundMessage: PAGE_NOT_FOUND,
    exists: async (id) => isObjectId(id) && Boolean(await models.pages.exists({ _id: id })),
    restore: (request, id, snapshot) =>
      update(request, id, writableFields(PageInput, snapshot) as PageInput, 'restore'),
  })

  app.delete(
    '/api/pages/:id',
    {
      schema: {
        tags,
        summary: 'Delete a page (admin)',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      if (!isObjectId(id)) throw notFound(PAGE_NOT_FOUND)
      const doc = await models.pages.findByIdAndDelete(id).lean()
      if (!doc) throw notFound(PAGE_NOT_FOUND)
      await followPageSlug(models.pageRedirects, doc, null)
      await changed(request, { kind: 'page', action: 'delete', target: pageTarget(toPageDto(doc)) })
      return reply.code(204).send(null)
    },
  )
}
export default pagesAdmin
