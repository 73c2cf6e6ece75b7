import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PRIVATE_NO_STORE, Type, adminOnly, errorResponses, escapeRegex } from '@site/service-kit'
import { MediaUsage } from '@site/contracts'

/** Most posts one answer names: enough to show and to refuse a delete; the count is what matters. */
const USAGE_LIMIT = 50

/**
 * GET /api/blog/usage?url=: the posts that show a stored file (as featured image, or anywhere in a
 * body), drafts included. Asked by the content service before a library item is deleted and for its
 * detail view, with the admin's own session (docs/content.md, "Media library").
 */
const usageAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { capability: ['content.read', 'media.upload'] })
  const { posts } = app.blog
  app.get(
    '/api/blog/usage',
    {
      schema: {
        tags: ['blog'],
        summary: 'Posts that use a stored file (admin)',
        querystring: Type.Object({ url: Type.String({ minLength: 1, maxLength: 300 }) }),
        response: { 200: MediaUsage, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { url } = request.query
      const inBody = posts.base.trusted({ $regex: escapeRegex(url) })
      const found = await posts
        .find(
          {
            $or: [
              { featured_image: url },
              { content_nl: inBody },
              { content_en: inBody },
              { content_de: inBody },
            ],
          },
          { title_nl: 1, slug: 1 },
        )
        .limit(USAGE_LIMIT)
        .lean()
      reply.header('cache-control', PRIVATE_NO_STORE)
      return {
        items: found.map((p) => ({
          kind: 'post' as const,
          id: String(p._id),
          title: String(p.title_nl || p.slug),
        })),
      }
    },
  )
}
export default usageAdmin
