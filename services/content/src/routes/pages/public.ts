import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  PRIVATE_NO_STORE,
  errorResponses,
  findPage,
  notFound,
  sendShared,
  titleSearch,
  adminCan,
} from '@site/service-kit'
import {
  PAGE_SIZE_DEFAULT,
  Page,
  PageQuery,
  PageSummary,
  Paged,
  SURROGATE,
  SlugRedirect,
} from '@site/contracts'
import { toPageDto, toPageSummaryDto, toPublicPage } from '../../lib/dto.js'
import { slugRedirects } from '@site/service-kit/editorial'
import { PAGE_NOT_FOUND } from './texts.js'

const tags = ['pages']
const WITHOUT_CONTENT = { content_nl: 0, content_en: 0, content_de: 0 } as const

/**
 * GET /api/pages, GET /api/pages/slug/{slug}. Drafts are for admins only. The list answers pages of
 * summaries (no content_*): the footer and the admin list show titles and slugs; the public page
 * and the editor read one full page.
 */
const pagesPublic: FastifyPluginAsyncTypebox = async (app) => {
  const { models, cache } = app.store
  const redirects = slugRedirects(models.pageRedirects, models.pages, 'page_id')

  app.get(
    '/api/pages',
    {
      schema: {
        tags,
        summary: 'Pages as summaries, newest first (drafts and the title search `q` only for admins)',
        querystring: PageQuery,
        response: { 200: Paged(PageSummary), 304: {}, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const { page = 1, pageSize = PAGE_SIZE_DEFAULT, q } = request.query
      reply.header('vary', 'Cookie')
      if (adminCan(await request.getAdmin(), 'content.read')) {
        reply.header('cache-control', PRIVATE_NO_STORE)
        return listPages({}, { page, pageSize, q })
      }
      // Visitors get the published pages from the cache; `q` is an admin search and ignored here.
      const entry = await cache.get(`pages:public:${page}:${pageSize}`, () =>
        listPages({ published: true }, { page, pageSize }, true),
      )
      return sendShared(request, reply, entry, [SURROGATE.pages])
    },
  )

  /** `visitors`: only the live languages' texts (lib/dto.ts toPublicPage). */
  function listPages(filter: Record<string, unknown>, query: PageQuery, visitors = false) {
    const where = { ...filter, ...titleSearch(models.pages, query.q, ['title_nl', 'title_en']) }
    return findPage(models.pages, where, query, {
      sort: { created_at: -1, _id: -1 },
      projection: WITHOUT_CONTENT,
      map: visitors ? (d) => toPublicPage(toPageSummaryDto(d)) : toPageSummaryDto,
    })
  }

  app.get(
    '/api/pages/slug/:slug',
    {
      schema: {
        tags,
        summary: 'One page by slug',
        params: Type.Object({ slug: Type.String({ maxLength: 200 }) }),
        response: { 200: Page, 304: {}, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { slug } = request.params
      reply.header('vary', 'Cookie')
      const entry = await cache.get(
        `pages:slug:${slug}`,
        async () => {
          const doc = await models.pages.findOne({ slug, published: true }).lean()
          return doc ? toPublicPage(toPageDto(doc)) : null
        },
        undefined,
        (page) => [SURROGATE.page((page as { id: string }).id)],
      )
      if (entry.body !== 'null') return sendShared(request, reply, entry)
      const draft = adminCan(await request.getAdmin(), 'content.read')
        ? await models.pages.findOne({ slug }).lean()
        : null
      if (!draft) throw notFound(PAGE_NOT_FOUND)
      return reply.header('cache-control', PRIVATE_NO_STORE).send(toPageDto(draft))
    },
  )

  app.get(
    '/api/pages/redirects/:slug',
    {
      schema: {
        tags,
        summary: "Where an old slug of a published page leads now (the web server's 301)",
        params: Type.Object({ slug: Type.String({ maxLength: 200 }) }),
        response: { 200: SlugRedirect, 304: {}, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { slug } = request.params
      // Purged by the page's key (its slug changes again) and the list's (another page takes the slug).
      const entry = await cache.get(
        `pages:redirect:${slug}`,
        () => redirects.resolve(slug),
        undefined,
        (to) => [SURROGATE.page((to as SlugRedirect).id)],
      )
      if (entry.body !== 'null') return sendShared(request, reply, entry, [SURROGATE.pages])
      throw notFound('No such old address.', 'NO_REDIRECT')
    },
  )
}
export default pagesPublic
