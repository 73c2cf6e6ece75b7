import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { adminOnly, notFound, previewAdminRoutes, previewReadRoute } from '@site/service-kit'
import { PublicBlogPost } from '@site/contracts'
import type { PostDoc } from '../../models/post.js'
import { toPostDto, withoutEditorialMarks } from '../../posts/dto.js'
import { NOT_FOUND } from '../../posts/repo.js'
import { mayTouchPost } from '../../posts/ownership.js'

const tags = ['blog']

/** Preview links of posts (docs/editorial.md, "Preview links"): made and revoked by the admin. */
export const previewAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: 'preview', audit: 'post' })
  const { posts, config } = app.blog
  previewAdminRoutes<PostDoc>(app, {
    kind: 'post',
    tags,
    documents: posts,
    path: '/api/blog/:id',
    page: '/preview/blog',
    secret: config.SESSION_SECRET,
    publicOrigin: config.PUBLIC_ORIGIN,
    ttlDays: config.PREVIEW_TTL_DAYS,
    notFound: () => notFound(NOT_FOUND, 'POST_NOT_FOUND'),
    label: (post) => post.title_nl || post.slug,
    mayPreview: (request, id) => mayTouchPost(request, posts, id, 'content.read'),
  })
}

/**
 * What anyone holding a link reads: the post as saved now, draft or not, without the editors' marks,
 * never cached or indexed.
 */
export const previewPublic: FastifyPluginAsyncTypebox = async (app) => {
  const { posts, config, bylines } = app.blog
  previewReadRoute<PostDoc>(app, {
    kind: 'post',
    tags,
    documents: posts,
    path: '/api/blog/preview/:token',
    document: PublicBlogPost,
    secret: config.SESSION_SECRET,
    answer: async (doc) => (await bylines([withoutEditorialMarks(toPostDto(doc))]))[0],
  })
}
