import type { FastifyRequest } from 'fastify'
import { ROLE_MESSAGES, type BlogPostCreate, type BlogPostUpdate } from '@site/contracts'
import { adminCan, forbidden, isObjectId, notFound, type SessionUser } from '@site/service-kit'
import type { PostModel, PostDoc } from '../models/post.js'
import { NOT_FOUND } from './repo.js'

/**
 * What an author (issue 46: `posts.own` without `content.edit`) may do with posts: write drafts of
 * their own, read and preview them, delete them while unpublished; never publish or schedule.
 * Everyone else reaching a post route holds the capability the route asks for (the kit's guard).
 */
export const isAuthorOnly = (admin: SessionUser | null) =>
  Boolean(admin) && !adminCan(admin, 'content.edit') && adminCan(admin, 'posts.own')

/** Publishing fields: setting any of them is publishing or scheduling. */
export function publishes(body: Partial<BlogPostCreate> | BlogPostUpdate): boolean {
  return body.published === true || Boolean(body.publish_at) || Boolean(body.unpublish_at)
}

/** 403 when the caller may not publish and the body would publish or schedule. */
export async function mayPublish(request: FastifyRequest, body: Partial<BlogPostCreate> | BlogPostUpdate) {
  const admin = await request.getAdmin()
  if (publishes(body) && !adminCan(admin, 'content.publish'))
    throw forbidden(ROLE_MESSAGES.publishForbidden, 'FORBIDDEN_PUBLISH')
}

/**
 * 403 unless the caller may touch this post: anyone with `read` for reads (`content.read`) or
 * writes (`content.edit` / `content.publish`); an author only their own, and for writes only
 * while it is a draft. 404 for a missing post.
 */
export async function mayTouchPost(
  request: FastifyRequest,
  posts: PostModel,
  id: string,
  need: 'content.read' | 'content.edit' | 'content.publish',
): Promise<void> {
  const admin = await request.getAdmin()
  if (adminCan(admin, need)) return
  if (need === 'content.edit' && adminCan(admin, 'translate') && !adminCan(admin, 'posts.own')) return
  const doc = isObjectId(id)
    ? await posts
        .findById(id, { author_id: 1, published: 1 })
        .lean<Pick<PostDoc, 'author_id' | 'published'>>()
    : null
  if (!doc) throw notFound(NOT_FOUND, 'POST_NOT_FOUND')
  if (!admin || doc.author_id !== admin.id) throw forbidden(ROLE_MESSAGES.notYourPost, 'FORBIDDEN_NOT_YOURS')
  if (need !== 'content.read' && doc.published)
    throw forbidden(ROLE_MESSAGES.publishForbidden, 'FORBIDDEN_PUBLISH')
}
