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
  adminOnly(app, { capability: 'preview', audit: 'page' })
  previewAdminRoutes<PageDoc>(app, {
    kind: 'page',
    tags,
    documents: app.store.models.pages,
    path: '/api/pages/:id',
    page: '/preview/pages',
    secret: config.SESSION_SECRET,
    publicOrigin: config.PUBLIC_ORIGIN,
    ttlDays: config.PREVIEW_TTL_DAYS,
    notFound: () => notFound(PAGE_NOT_FOUND),
    label: (page) => page.slug,
  })
}

/** The page of a preview link, as saved now, draft or not; private and not indexed. */
export const pagePreviewPublic: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  previewReadRoute<PageDoc>(app, {
    kind: 'page',
    tags,
    documents: app.store.models.pages,
    path: '/api/pages/preview/:token',
    document: Page,
    secret: config.SESSION_SECRET,
    answer: (doc) => toPageDto(doc),
  })
}
