import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { adminOnly, notFound, previewAdminRoutes, previewReadRoute } from '@site/service-kit'
import { BlogPost } from '@site/contracts'
import type { PostDoc } from '../../models/post.js'
import { toPostDto } from '../../posts/dto.js'
import { NOT_FOUND } from '../../posts/repo.js'

const tags = ['blog']
const label = (post: Pick<PostDoc, 'title_nl' | 'slug'>) => post.title_nl || post.slug

/** Preview links of posts (docs/editorial.md, "Preview links"): made and revoked by the admin. */
export const previewAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app)
  const { posts, config } = app.blog
  previewAdminRoutes(app, {
    kind: 'post',
    tags,
    path: '/api/blog/:id',
    page: '/preview/blog',
    secret: config.SESSION_SECRET,
    publicOrigin: config.PUBLIC_ORIGIN,
    ttlDays: config.PREVIEW_TTL_DAYS,
    notFound: () => notFound(NOT_FOUND, 'POST_NOT_FOUND'),
    find: async (id) => {
      const post = await posts.findById(id, { slug: 1, title_nl: 1, preview_version: 1 }).lean<PostDoc>()
      return post && { version: post.preview_version ?? 0, label: label(post) }
    },
    // Not an edit of the post: its updated_at (what the indexers read) stays. (FerretDB's
    // findAndModify takes no projection.)
    bump: async (id) => {
      const post = await posts
        .findByIdAndUpdate(id, { $inc: { preview_version: 1 } }, { timestamps: false })
        .lean<PostDoc>()
      return post && label(post)
    },
  })
}

/** What anyone holding a link reads: the post as saved now, draft or not, never cached or indexed. */
export const previewPublic: FastifyPluginAsyncTypebox = async (app) => {
  const { posts, config, bylines } = app.blog
  previewReadRoute<PostDoc>(app, {
    kind: 'post',
    tags,
    path: '/api/blog/preview/:token',
    document: BlogPost,
    secret: config.SESSION_SECRET,
    load: async (id) => {
      const doc = await posts.findById(id).lean<PostDoc>()
      return doc && { version: doc.preview_version ?? 0, doc }
    },
    answer: async (doc) => (await bylines([toPostDto(doc)]))[0],
  })
}
