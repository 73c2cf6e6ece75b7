import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { adminOnly, notFound, previewAdminRoutes, previewReadRoute } from '@site/service-kit'
import { Page } from '@site/contracts'
import type { Config } from '../../config.js'
import { toPageDto } from '../../lib/dto.js'
import type { PageDoc } from '../../models/page.js'
import { PAGE_NOT_FOUND } from './texts.js'

const tags = ['pages']

/** Preview links of pages, as the blog's of posts (docs/editorial.md, "Preview links"). */
export const pagePreviewAdmin: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  adminOnly(app)
  const { models } = app.store
  previewAdminRoutes(app, {
    kind: 'page',
    tags,
    path: '/api/pages/:id',
    page: '/preview/pages',
    secret: config.SESSION_SECRET,
    publicOrigin: config.PUBLIC_ORIGIN,
    ttlDays: config.PREVIEW_TTL_DAYS,
    notFound: () => notFound(PAGE_NOT_FOUND),
    find: async (id) => {
      const page = await models.pages.findById(id, { slug: 1, preview_version: 1 }).lean()
      return page && { version: page.preview_version ?? 0, label: page.slug }
    },
    // Not an edit: updated_at stays (pages keep it themselves). FerretDB's findAndModify takes no projection.
    bump: async (id) => {
      const page = await models.pages.findByIdAndUpdate(id, { $inc: { preview_version: 1 } }, { lean: true })
      return page && page.slug
    },
  })
}

/** The page of a preview link, as saved now, draft or not; private and not indexed. */
export const pagePreviewPublic: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { models } = app.store
  previewReadRoute<PageDoc>(app, {
    kind: 'page',
    tags,
    path: '/api/pages/preview/:token',
    document: Page,
    secret: config.SESSION_SECRET,
    load: async (id) => {
      const doc = await models.pages.findById(id).lean<PageDoc>()
      return doc && { version: doc.preview_version ?? 0, doc }
    },
    answer: (doc) => toPageDto(doc),
  })
}
