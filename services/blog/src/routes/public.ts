import type { FastifyPluginAsync } from 'fastify'
import { Type } from '@site/service-kit'
import { BlogPost, ErrorBody } from '@site/contracts'
import { notFound, privateAnswer, varyOnCookie } from '@site/service-kit'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { BlogContext } from '../context.js'
import type { PostDoc } from '../models/post.js'
import { toDto } from '../posts/dto.js'
import { NOT_FOUND } from '../posts/repo.js'

/**
 * GET /api/blog: anonymous callers always get the published posts (newest first); admins get all
 * posts, or only published/drafts with `published=true|false`. GET /api/blog/slug/{slug}: drafts
 * only for admins.
 */
const publicRoutes: FastifyPluginAsync<{ ctx: BlogContext }> = async (base, { ctx }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/api/blog',
    {
      schema: {
        tags: ['blog'],
        querystring: Type.Object({ published: Type.Optional(Type.Boolean()) }),
        response: { 200: Type.Array(BlogPost), 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const { published } = request.query
      varyOnCookie(reply)
      if (published === true || !(await request.getAdmin())) return ctx.cache.list()
      privateAnswer(reply) // the admin list, drafts included
      const filter = published === false ? { published: false } : {}
      const docs = await ctx.posts.find(filter).sort({ created_at: -1 }).lean<PostDoc[]>()
      return docs.map(toDto)
    },
  )

  app.get(
    '/api/blog/slug/:slug',
    {
      schema: {
        tags: ['blog'],
        params: Type.Object({ slug: Type.String({ maxLength: 200 }) }),
        response: { 200: BlogPost, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { slug } = request.params
      varyOnCookie(reply)
      const cached = await ctx.cache.bySlug(slug)
      if (cached) return cached
      if (await request.getAdmin()) {
        const doc = await ctx.posts.findOne({ slug }).lean<PostDoc>()
        if (doc) {
          privateAnswer(reply) // a draft: for the admin only
          return toDto(doc)
        }
      }
      throw notFound(NOT_FOUND, 'POST_NOT_FOUND')
    },
  )
}
export default publicRoutes
