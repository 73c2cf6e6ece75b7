import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ADMIN_WRITE_ERRORS,
  BODY_LIMITS,
  PRIVATE_NO_STORE,
  Type,
  adminOnly,
  errorResponses,
  isObjectId,
  notFound,
} from '@site/service-kit'
import { BlogPost, BlogPostCreate, BlogPostUpdate } from '@site/contracts'
import type { PostDoc } from '../../models/post.js'
import { NOT_FOUND, createPost, deletePost, updatePost } from '../../posts/repo.js'
import { toPostDto } from '../../posts/dto.js'

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
const errors = ADMIN_WRITE_ERRORS

/**
 * The editor's read (a full post, drafts included) and the admin writes (the kit's adminOnly
 * refuses keys the body schemas do not name). Every write sanitizes (posts/repo.ts) and
 * invalidates the published cache.
 */
const postsAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app)
  const ctx = app.blog
  app.get(
    '/api/blog/:id',
    {
      schema: { tags: ['blog'], params: IdParams, response: { 200: BlogPost, ...errorResponses(401, 404) } },
    },
    async (request, reply) => {
      const { id } = request.params
      const doc = isObjectId(id) ? await ctx.posts.findById(id).lean<PostDoc>() : null
      if (!doc) throw notFound(NOT_FOUND, 'POST_NOT_FOUND')
      reply.header('cache-control', PRIVATE_NO_STORE)
      return toPostDto(doc)
    },
  )

  app.post(
    '/api/blog',
    // A post's three HTML bodies may be 2,000,000 characters each: far over the default 1 MB.
    {
      bodyLimit: BODY_LIMITS.blogPost,
      schema: { tags: ['blog'], body: BlogPostCreate, response: { 201: BlogPost, ...errors } },
    },
    async (request, reply) => {
      const admin = (await request.getAdmin())!
      const author = request.body.author?.trim() || admin.username
      const doc = await createPost(ctx.posts, { ...request.body, author })
      await ctx.changed()
      return reply.code(201).send(toPostDto(doc))
    },
  )

  app.put(
    '/api/blog/:id',
    {
      bodyLimit: BODY_LIMITS.blogPost,
      schema: {
        tags: ['blog'],
        params: IdParams,
        body: BlogPostUpdate,
        response: { 200: BlogPost, ...errors },
      },
    },
    async (request) => {
      const doc = await updatePost(ctx.posts, request.params.id, request.body)
      await ctx.changed()
      return toPostDto(doc)
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
export default postsAdmin
