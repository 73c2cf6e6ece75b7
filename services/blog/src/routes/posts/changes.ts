import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PRIVATE_NO_STORE, Type, errorResponses, findPage } from '@site/service-kit'
import { PAGE_SIZE_MAX, PageQuery, Paged, PublicBlogPost } from '@site/contracts'
import type { PostDoc } from '../../models/post.js'
import { toPostDto, toPublicPost } from '../../posts/dto.js'

const ChangesQuery = Type.Object({
  page: PageQuery.properties.page,
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_MAX })),
  since: Type.Optional(Type.String({ format: 'date-time' })),
  ids: Type.Optional(
    Type.String({
      pattern: `^[0-9a-f]{24}(,[0-9a-f]{24}){0,${PAGE_SIZE_MAX - 1}}$`,
      description: 'comma-separated post ids (at most a page): those of them that are published',
    }),
  ),
})

/**
 * GET /api/blog/changes: published posts in full, oldest change first, changed at or after `since`
 * (all of them without it), in pages of at most 50; or, with `ids`, those of the named posts that
 * are published (one read by `_id` each). For indexers such as the chat: a first read is 20 pages
 * at a thousand posts instead of a thousand reads by slug, and later reads ask only for the posts
 * the change stream named (a post left out is unpublished or deleted). Not cached (rare reads; a page of full posts would crowd the public cache out), so
 * not public either: the gateway does not route it (INTERNAL_PATHS in gateway/src/routes.ts).
 */
const postsChanges: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.blog
  app.get(
    '/api/blog/changes',
    {
      schema: {
        tags: ['blog'],
        querystring: ChangesQuery,
        response: { 200: Paged(PublicBlogPost), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { since, ids } = request.query
      const page = request.query.page ?? 1
      const pageSize = request.query.pageSize ?? PAGE_SIZE_MAX
      reply.header('cache-control', PRIVATE_NO_STORE)
      if (ids) {
        const docs = await Promise.all(
          [...new Set(ids.split(','))].map((id) => ctx.posts.findById(id).lean<PostDoc>()),
        )
        const items = docs
          .filter((d): d is PostDoc => Boolean(d?.published))
          .map((d) => toPublicPost(toPostDto(d)))
        return { items, page: 1, pageSize: PAGE_SIZE_MAX, total: items.length }
      }
      // The `updated` list holds the published posts by their last change (posts/listing.ts);
      // while it is being built, or Redis cannot answer, the database's sort.
      const min = since ? new Date(since).getTime() : 0
      const kept = (await ctx.listingReady().catch(() => false))
        ? await ctx.listing.from('updated', min, page, pageSize).catch(() => null)
        : null
      if (kept) {
        const docs = await Promise.all(kept.ids.map((id) => ctx.posts.findById(id).lean<PostDoc>()))
        const items = docs
          .filter((d): d is PostDoc => Boolean(d?.published))
          .map((d) => toPublicPost(toPostDto(d)))
        return { items, page, pageSize, total: kept.total }
      }
      const filter: Record<string, unknown> = { published: true }
      if (since) filter.updated_at = ctx.posts.base.trusted({ $gte: new Date(since) })
      return findPage(ctx.posts, filter, request.query, {
        sort: { updated_at: 1, _id: 1 },
        map: (d: PostDoc) => toPublicPost(toPostDto(d)),
      })
    },
  )
}
export default postsChanges
