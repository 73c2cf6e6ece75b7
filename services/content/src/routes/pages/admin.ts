import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  ADMIN_WRITE_ERRORS,
  SCHEDULE_FIELDS,
  adminOnly,
  checkSchedule,
  checkIfMatch,
  IfMatchHeaders,
  sendVersioned,
  scheduledMark,
  conflict,
  errorResponses,
  historyRoutes,
  isObjectId,
  momentChanged,
  notFound,
  onDuplicateKey,
  restorable,
  writableFields,
  staysPublic,
  writeAction,
} from '@site/service-kit'
import type { FastifyRequest } from 'fastify'
import { IdParams, Page, PageInput } from '@site/contracts'
import { nullIfEmpty, toAdminPageDto, toPageDto } from '../../lib/dto.js'
import { pageTranslations } from '../../lib/page-translations.js'
import { firstLanguages, languageMarks } from '../../lib/localized-translations.js'
import { sanitizePageHtml } from '../../lib/sanitize.js'
import { userValidationMessages } from '../../lib/validation.js'
import { PAGE_NOT_FOUND, SLUG_TAKEN } from './texts.js'
import { slugRedirects } from '@site/service-kit/editorial'
import type { PageDoc } from '../../models/page.js'

const tags = ['pages']
const errors = ADMIN_WRITE_ERRORS
const OPTIONAL = [
  'title_de',
  'content_de',
  'meta_description_nl',
  'meta_description_en',
  'meta_description_de',
]

/** A moment as stored: a Date, null clears it, absent (undefined) keeps the page's. */
const moment = (v: string | null | undefined) => (v == null ? v : new Date(v))

function toDocument(body: PageInput) {
  const page = nullIfEmpty(body, OPTIONAL)
  const doc: Record<string, unknown> = {
    ...page,
    content_nl: sanitizePageHtml(page.content_nl),
    content_en: sanitizePageHtml(page.content_en),
    content_de: page.content_de ? sanitizePageHtml(page.content_de) : null,
    published: page.published ?? true,
    publish_at: moment(page.publish_at),
    unpublish_at: moment(page.unpublish_at),
  }
  for (const key of SCHEDULE_FIELDS) if (doc[key] === undefined) delete doc[key]
  return doc as Omit<PageDoc, '_id' | 'created_at' | 'updated_at'>
}

const pageTarget = (page: Page) => ({ id: page.id, label: page.slug })

/** GET/PUT/DELETE /api/pages/{id} and POST /api/pages: the page editor. */
const pagesAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'content.edit', audit: 'page' })
  userValidationMessages(app)
  const { models, schedule } = app.store
  const redirects = slugRedirects(models.pageRedirects, models.pages, 'page_id')
  const slugTaken = () => conflict(SLUG_TAKEN, 'SLUG_TAKEN')

  /**
   * An edit, or a restore of a revision: the same rules, recorded as either. One save of a page at
   * a time (kit changes.exclusive): the If-Match check (`expect`) holds to the write, also on the
   * embedded FerretDB, whose conditional updates are not atomic.
   */
  const update = (
    request: FastifyRequest,
    id: string,
    body: PageInput,
    action: 'update' | 'restore',
    expect?: (current: PageDoc) => void,
  ) => app.changes.exclusive(`page:${id}`, () => write(request, id, body, action, expect))

  async function write(
    request: FastifyRequest,
    id: string,
    body: PageInput,
    action: 'update' | 'restore',
    expect?: (current: PageDoc) => void,
  ) {
    if (!isObjectId(id)) throw notFound(PAGE_NOT_FOUND)
    const [holder, current] = await Promise.all([
      models.pages.findOne({ slug: body.slug }).select({ _id: 1 }).lean(),
      models.pages.findById(id).lean(),
    ])
    if (!current) throw notFound(PAGE_NOT_FOUND)
    expect?.(current as PageDoc)
    if (holder && String(holder._id) !== id) throw slugTaken()
    // A PUT is a whole page (no `published` means published); a restore keeps the page's own.
    if (action === 'restore') body = { ...body, published: current.published !== false }
    const set: Record<string, unknown> = { ...toDocument(body), updated_at: new Date() }
    const next: Record<string, unknown> = { ...current, ...set }
    // The schedule's rules (the kit's, as the posts'): only an end of publication this save moves is checked.
    const end = momentChanged(next.unpublish_at, current.unpublish_at) ? next.unpublish_at : undefined
    checkSchedule(next, { publish_at: set.publish_at, unpublish_at: end }, 'page')
    if (momentChanged(next.publish_at, current.publish_at)) set.publish_at = next.publish_at
    Object.assign(set, scheduledMark(next))
    Object.assign(set, languageMarks(pageTranslations, current, set))
    const before = await models.pages
      .findByIdAndUpdate(id, { $set: set }, { returnDocument: 'before', lean: true })
      .catch(onDuplicateKey(slugTaken()))
    if (!before) throw notFound(PAGE_NOT_FOUND)
    const after = { ...before, ...set } as PageDoc
    await schedule(after, before)
    await redirects.follow(before, after)
    const page = toPageDto(after)
    await app.changes.afterWrite(request, {
      kind: 'page',
      action: action === 'restore' ? action : writeAction(before, after),
      target: pageTarget(page),
      before: toPageDto(before),
      snapshot: page,
      staysPublic: staysPublic(before, after),
    })
    return toAdminPageDto(after)
  }

  app.get(
    '/api/pages/:id',
    {
      config: { capability: 'content.read' },
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
      return sendVersioned(reply, toAdminPageDto(doc))
    },
  )

  app.post(
    '/api/pages',
    {
      schema: { tags, summary: 'Create a page (admin)', body: PageInput, response: { 201: Page, ...errors } },
    },
    async (request, reply) => {
      const fields = toDocument(request.body)
      checkSchedule(fields, fields, 'page')
      Object.assign(fields, scheduledMark(fields), firstLanguages(pageTranslations, fields))
      const doc = await models.pages.create(fields).catch(onDuplicateKey(slugTaken()))
      const page = toPageDto(doc.toObject())
      await schedule(doc.toObject(), null)
      await redirects.follow(null, doc)
      await app.changes.afterWrite(request, {
        kind: 'page',
        action: 'create',
        target: pageTarget(page),
        snapshot: page,
      })
      return reply.code(201).send(toAdminPageDto(doc.toObject()))
    },
  )

  app.put(
    '/api/pages/:id',
    {
      config: { capability: ['content.edit', 'translate'] },
      schema: {
        tags,
        summary: 'Update a page (admin)',
        params: IdParams,
        body: PageInput,
        headers: IfMatchHeaders,
        response: { 200: Page, ...errors, ...errorResponses(412) },
      },
    },
    async (request, reply) => {
      const page = await update(request, request.params.id, request.body, 'update', (current) =>
        checkIfMatch(request, reply, toAdminPageDto(current)),
      )
      return sendVersioned(reply, page)
    },
  )

  historyRoutes(app, {
    kind: 'page',
    path: '/api/pages/:id',
    tags,
    document: Page,
    notFoundMessage: PAGE_NOT_FOUND,
    exists: async (id) => isObjectId(id) && Boolean(await models.pages.exists({ _id: id })),
    // A restore brings back a revision's content, never its schedule (a past moment would act at
    // once) nor whether the page is on the site (issue 45): update() keeps the page's `published`.
    restore: (request, id, snapshot) =>
      update(request, id, restorable(writableFields(PageInput, snapshot)) as PageInput, 'restore'),
  })

  app.delete(
    '/api/pages/:id',
    {
      config: { capability: 'content.publish' },
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
      await redirects.follow(doc, null)
      await app.changes.afterWrite(request, {
        kind: 'page',
        action: 'delete',
        target: pageTarget(toPageDto(doc)),
      })
      return reply.code(204).send(null)
    },
  )
}
export default pagesAdmin
