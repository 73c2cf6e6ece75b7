import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  PRIVATE_NO_STORE,
  Type,
  adminOnly,
  errorResponses,
  firstOrigin,
  isObjectId,
  notFound,
  signPreview,
  verifyPreview,
  noBody,
} from '@site/service-kit'
import { BlogPost, PreviewLink, PreviewTokenParams } from '@site/contracts'
import type { PostDoc } from '../../models/post.js'
import { toPostDto } from '../../posts/dto.js'
import { NOT_FOUND } from '../../posts/repo.js'

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
const DAY_MS = 24 * 3600 * 1000
const LINK_GONE = 'This preview link has expired or was revoked.'
const target = (post: Pick<PostDoc, '_id' | 'title_nl' | 'slug'>) => ({
  id: String(post._id),
  label: post.title_nl || post.slug,
})

/**
 * Preview links of posts (docs/editorial.md, "Preview links"): the admin makes one (POST) or revokes
 * every one of a post (DELETE: its preview version goes up); anyone holding a link reads the post
 * as saved now, draft or not, never cached by anyone and never indexed.
 */
export const previewAdmin: FastifyPluginAsyncTypebox = async (app) => {
  adminOnly(app)
  const ctx = app.blog
  const secret = ctx.config.SESSION_SECRET

  app.post(
    '/api/blog/:id/preview',
    {
      preValidation: noBody,
      schema: {
        tags: ['blog'],
        summary: 'A signed link that shows the post as saved now, draft or not (admin)',
        params: IdParams,
        response: { 200: PreviewLink, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params
      const post = isObjectId(id)
        ? await ctx.posts.findById(id, { slug: 1, title_nl: 1, preview_version: 1 }).lean<PostDoc>()
        : null
      if (!post) throw notFound(NOT_FOUND, 'POST_NOT_FOUND')
      const expires = Date.now() + ctx.config.PREVIEW_TTL_DAYS * DAY_MS
      const token = signPreview(secret, { kind: 'post', id, version: post.preview_version ?? 0, expires })
      await app.changes.record(request, { kind: 'post', action: 'preview', target: target(post), keys: [] })
      return {
        url: `${firstOrigin(ctx.config.PUBLIC_ORIGIN)}/preview/blog/${token}`,
        expires_at: new Date(expires).toISOString(),
      }
    },
  )

  app.delete(
    '/api/blog/:id/preview',
    {
      schema: {
        tags: ['blog'],
        summary: 'Revoke every preview link of the post made so far (admin)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      // Not an edit of the post: its updated_at (what the indexers read) stays. (FerretDB's
      // findAndModify takes no projection.)
      const post = isObjectId(id)
        ? await ctx.posts
            .findByIdAndUpdate(id, { $inc: { preview_version: 1 } }, { timestamps: false })
            .lean<PostDoc>()
        : null
      if (!post) throw notFound(NOT_FOUND, 'POST_NOT_FOUND')
      await app.changes.record(request, {
        kind: 'post',
        action: 'preview-revoke',
        target: target(post),
        keys: [],
      })
      return reply.code(204).send(null)
    },
  )
}

export const previewPublic: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.blog
  app.get(
    '/api/blog/preview/:token',
    {
      schema: {
        tags: ['blog'],
        summary: 'The post of a preview link, as saved now (private, never cached, not indexed)',
        params: PreviewTokenParams,
        response: { 200: BlogPost, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE).header('x-robots-tag', 'noindex')
      const claim = verifyPreview(ctx.config.SESSION_SECRET, request.params.token, 'post')
      const doc = claim && isObjectId(claim.id) ? await ctx.posts.findById(claim.id).lean<PostDoc>() : null
      if (!doc || (doc.preview_version ?? 0) !== claim!.version) throw notFound(LINK_GONE, 'PREVIEW_GONE')
      return (await ctx.bylines([toPostDto(doc)]))[0]
    },
  )
}
