import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@site/service-kit'
import { BlogPost, BlogPostCreate, BlogPostUpdate, ErrorBody } from '@site/contracts'
import type { BlogContext } from '../context.js'
import { createPost, deletePost, updatePost } from '../posts/repo.js'
import { toDto } from '../posts/dto.js'

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody }

/**
 * Admin writes (the kit's adminOnly refuses keys the body schemas do not name). Every write
 * sanitizes (posts/repo.ts) and invalidates the published cache.
 */
const adminPosts: FastifyPluginAsync<{ ctx: BlogContext }> = async (base, { ctx }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  app.post(
    '/api/blog',
    { schema: { tags: ['blog'], body: BlogPostCreate, response: { 201: BlogPost, ...errors } } },
    async (request, reply) => {
      const admin = (await request.getAdmin())!
      const author = request.body.author?.trim() || admin.username
      const doc = await createPost(ctx.posts, { ...request.body, author })
      await ctx.changed()
      return reply.code(201).send(toDto(doc))
    },
  )

  app.put(
    '/api/blog/:id',
    { schema: { tags: ['blog'], params: IdParams, body: BlogPostUpdate, response: { 200: BlogPost, ...errors } } },
    async (request) => {
      const doc = await updatePost(ctx.posts, request.params.id, request.body)
      await ctx.changed()
      return toDto(doc)
    },
  )

  app.delete(
    '/api/blog/:id',
    { schema: { tags: ['blog'], params: IdParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await deletePost(ctx.posts, request.params.id)
      await ctx.changed()
      return reply.code(204).send(null)
    },
  )
}
export default adminPosts
