import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ADMIN_WRITE_ERRORS,
  BODY_LIMITS,
  Type,
  adminOnly,
  checkIfMatch,
  IfMatchHeaders,
  sendVersioned,
  errorResponses,
  historyRoutes,
  isObjectId,
  notFound,
  restorable,
  writableFields,
} from '@site/service-kit'
import type { FastifyRequest } from 'fastify'
import { BlogPost, BlogPostCreate, BlogPostUpdate, bylineOf } from '@site/contracts'
import type { PostDoc } from '../../models/post.js'
import { NOT_FOUND, createPost, deletePost } from '../../posts/repo.js'
import { postTarget, savePostUpdate } from '../../posts/save.js'
import { toAdminPostDto, toPostDto } from '../../posts/dto.js'
import { mayPublish, mayTouchPost } from '../../posts/ownership.js'

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
const errors = ADMIN_WRITE_ERRORS

/**
 * The editor's read (a full post, drafts included) and the admin writes (the kit's adminOnly
 * refuses keys the body schemas do not name). Every write sanitizes (posts/repo.ts) and takes the
 * kit's after-write path (app.changes.afterWrite: read caches, record, purge).
 */
const postsAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app, { audit: 'post' })
  const ctx = app.blog

  /** An edit, or a restore of a revision. */
  const update = (
    request: FastifyRequest,
    id: string,
    body: BlogPostUpdate,
    restore?: 'restore',
    expect?: (current: PostDoc) => void,
  ) => savePostUpdate(app, request, id, body, { action: restore, expect })
  app.get(
    '/api/blog/:id',
    {
      config: { capability: ['content.read', 'posts.own'] },
      schema: { tags: ['blog'], params: IdParams, response: { 200: BlogPost, ...errorResponses(401, 404) } },
    },
    async (request, reply) => {
      const { id } = request.params
      await mayTouchPost(request, ctx.posts, id, 'content.read')
      const doc = isObjectId(id) ? await ctx.posts.findById(id).lean<PostDoc>() : null
      if (!doc) throw notFound(NOT_FOUND, 'POST_NOT_FOUND')
      return sendVersioned(reply, toAdminPostDto(doc))
    },
  )

  app.post(
    '/api/blog',
    // A post's three HTML bodies may be 2,000,000 characters each: far over the default 1 MB.
    {
      config: { capability: 'posts.own' },
      bodyLimit: BODY_LIMITS.blogPost,
      schema: { tags: ['blog'], body: BlogPostCreate, response: { 201: BlogPost, ...errors } },
    },
    async (request, reply) => {
      const admin = (await request.getAdmin())!
      await mayPublish(request, request.body)
      // The admin's public name, never their login name (issue 29).
      const author = request.body.author?.trim() || bylineOf(admin)
      const doc = await createPost(ctx.posts, { ...request.body, author }, { author_id: admin.id })
      const post = toAdminPostDto(doc)
      await ctx.schedule(doc, null)
      await ctx.redirects.follow(null, doc)
      await app.changes.afterWrite(request, {
        kind: 'post',
        action: 'create',
        target: postTarget(post),
        snapshot: post,
      })
      return reply.code(201).send(post)
    },
  )

  app.put(
    '/api/blog/:id',
    {
      config: { capability: ['content.edit', 'posts.own', 'translate'] },
      bodyLimit: BODY_LIMITS.blogPost,
      schema: {
        tags: ['blog'],
        params: IdParams,
        body: BlogPostUpdate,
        headers: IfMatchHeaders,
        response: { 200: BlogPost, ...errors, ...errorResponses(412) },
      },
    },
    async (request, reply) => {
      await mayTouchPost(request, ctx.posts, request.params.id, 'content.edit')
      await mayPublish(request, request.body)
      const post = await update(request, request.params.id, request.body, undefined, (current) =>
        checkIfMatch(request, reply, toAdminPostDto(current)),
      )
      return sendVersioned(reply, post)
    },
  )

  historyRoutes(app, {
    kind: 'post',
    path: '/api/blog/:id',
    tags: ['blog'],
    document: BlogPost,
    notFoundMessage: NOT_FOUND,
    exists: async (id) => isObjectId(id) && Boolean(await ctx.posts.exists({ _id: id })),
    // A restore brings back a revision's content, never its schedule (a past moment would act at
    // once) nor whether the post is on the site (issue 45).
    restore: (request, id, snapshot) =>
      update(request, id, restorable(writableFields(BlogPostUpdate, snapshot)) as BlogPostUpdate, 'restore'),
  })

  app.delete(
    '/api/blog/:id',
    {
      config: { capability: ['content.publish', 'posts.own'] },
      schema: { tags: ['blog'], params: IdParams, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      await mayTouchPost(request, ctx.posts, request.params.id, 'content.publish')
      const doc = await deletePost(ctx.posts, request.params.id)
      await ctx.redirects.follow(doc, null)
      const gone = toPostDto(doc)
      await app.changes.afterWrite(request, { kind: 'post', action: 'delete', target: postTarget(gone) })
      return reply.code(204).send(null)
    },
  )
}
export default postsAdmin
