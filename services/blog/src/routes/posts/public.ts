import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PRIVATE_NO_STORE, Type, adminCan, errorResponses, notFound, sendShared } from '@site/service-kit'
import {
  BlogPost,
  BlogPostSummary,
  PAGE_SIZE_DEFAULT,
  PublicBlogPost,
  PublicBlogPostSummary,
  PageQuery,
  Paged,
  SURROGATE,
  SlugRedirect,
} from '@site/contracts'
import type { PostDoc } from '../../models/post.js'
import { toPostDto, toPublicPost } from '../../posts/dto.js'
import { listPosts } from '../../posts/list.js'
import { listingPage } from '../../posts/listing.js'
import { NOT_FOUND } from '../../posts/repo.js'

const ListQuery = Type.Object({ ...PageQuery.properties, published: Type.Optional(Type.Boolean()) })

/**
 * GET /api/blog: one page of post summaries, newest first. Anonymous callers (and `published=true`)
 * get the published posts without editorial marks (EDITORIAL_MARKS) from the cache, public (a shared cache keeps them, purged by the key
 * `posts`; a post by `post:<id>`) and revalidated by ETag; admins get drafts too,
 * `published=true|false` and the title search `q`, never stored. GET /api/blog/slug/{slug}: the
 * full post, public (no marks) when published; drafts only for admins, with their marks. GET /api/blog/redirects/{slug}: an old slug's post now.
 */
const postsPublic: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.blog
  /**
   * A page of a list by its kept order; the database's sort (right at any size, slow at large ones)
   * while the order is being built or Redis cannot answer.
   */
  const listPage = async (published: boolean | undefined, page: number, pageSize: number) => {
    const set = published ? 'published' : 'all'
    if (await ctx.listingReady().catch(() => false))
      try {
        return await listingPage(ctx.posts, ctx.listing, set, page, pageSize)
      } catch (err) {
        app.log.warn({ err }, 'blog: list order unavailable, reading the database')
      }
    return listPosts(ctx.posts, { page, pageSize, published })
  }
  app.get(
    '/api/blog',
    {
      schema: {
        tags: ['blog'],
        querystring: ListQuery,
        response: {
          200: Paged(Type.Union([BlogPostSummary, PublicBlogPostSummary])),
          304: {},
          ...errorResponses(400, 503),
        },
      },
    },
    async (request, reply) => {
      const { published, q } = request.query
      const n = request.query.page ?? 1
      const pageSize = request.query.pageSize ?? PAGE_SIZE_DEFAULT
      // The same URL answers differently to an admin: shared caches must key on the cookie.
      reply.header('vary', 'Cookie')
      const admin = await request.getAdmin()
      if (!admin || (published === true && !q?.trim())) {
        // The public list ignores `q` (a search per visitor request would bypass the cache).
        const entry = await ctx.cache.get(`published:${n}:${pageSize}`, async () => {
          const list = await listPage(true, n, pageSize)
          return { ...list, items: await ctx.bylines(list.items.map(toPublicPost)) }
        })
        return sendShared(request, reply, entry, [SURROGATE.posts])
      }
      reply.header('cache-control', PRIVATE_NO_STORE)
      // The title search and the drafts-only list read the collection (the admin's, rare).
      // An author (issue 46) lists only their own posts.
      if (!adminCan(admin, 'content.read'))
        return listPosts(ctx.posts, { page: n, pageSize, published, q, authorId: admin.id })
      if (q?.trim() || published === false) return listPosts(ctx.posts, { page: n, pageSize, published, q })
      return listPage(published, n, pageSize)
    },
  )

  app.get(
    '/api/blog/slug/:slug',
    {
      schema: {
        tags: ['blog'],
        params: Type.Object({ slug: Type.String({ maxLength: 200 }) }),
        response: { 200: Type.Union([BlogPost, PublicBlogPost]), 304: {}, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { slug } = request.params
      reply.header('vary', 'Cookie')
      const entry = await ctx.cache.get(
        `slug:${slug}`,
        async () => {
          const doc = await ctx.posts.findOne({ slug, published: true }).lean<PostDoc>()
          return doc ? (await ctx.bylines([toPublicPost(toPostDto(doc))]))[0] : null
        },
        undefined,
        (post) => [SURROGATE.post((post as { id: string }).id)],
      )
      if (entry.body !== 'null') return sendShared(request, reply, entry)
      const admin = await request.getAdmin()
      if (admin) {
        const doc = await ctx.posts.findOne({ slug }).lean<PostDoc>()
        if (doc && (adminCan(admin, 'content.read') || doc.author_id === admin.id))
          return reply.header('cache-control', PRIVATE_NO_STORE).send(toPostDto(doc))
      }
      throw notFound(NOT_FOUND, 'POST_NOT_FOUND')
    },
  )

  app.get(
    '/api/blog/redirects/:slug',
    {
      schema: {
        tags: ['blog'],
        summary: "Where an old slug of a published post leads now (the web server's 301)",
        params: Type.Object({ slug: Type.String({ maxLength: 200 }) }),
        response: { 200: SlugRedirect, 304: {}, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { slug } = request.params
      // Purged by the post's key (its slug changes again) and the list's (another post takes the slug).
      const entry = await ctx.cache.get(
        `redirect:${slug}`,
        () => ctx.redirects.resolve(slug),
        undefined,
        (to) => [SURROGATE.post((to as SlugRedirect).id)],
      )
      if (entry.body !== 'null') return sendShared(request, reply, entry, [SURROGATE.posts])
      throw notFound('No such old address.', 'NO_REDIRECT')
    },
  )
}
export default postsPublic
