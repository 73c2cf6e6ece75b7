import type { FastifyInstance, FastifyRequest } from 'fastify'
import { staysPublic, writeAction } from '@site/service-kit'
import type { BlogPost, BlogPostUpdate, ChangeAction } from '@site/contracts'
import type { PostDoc } from '../models/post.js'
import { updatePost } from './repo.js'
import { toAdminPostDto, toPostDto } from './dto.js'

export const postTarget = (post: BlogPost) => ({ id: post.id, label: post.title_nl || post.slug })

/**
 * An edit of a post through the one write path (posts/repo.ts: sanitized, a person's edit marks
 * its languages `human`), then the schedule, the old slugs and the kit's after-write path (read
 * caches, audit record, purge). Answers the post as the admin reads it.
 */
export async function savePostUpdate(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  body: BlogPostUpdate,
  opts: { action?: ChangeAction; expect?: (current: PostDoc) => void } = {},
): Promise<BlogPost> {
  const ctx = app.blog
  // One save of a post at a time (kit changes.exclusive): the If-Match check holds to the write, also
  // on the embedded FerretDB, whose conditional updates are not atomic.
  return app.changes.exclusive(`post:${id}`, async () => {
    const { before, after } = await updatePost(ctx.posts, id, body, opts.expect)
    return afterPostWrite(app, request, before, after, opts.action)
  })
}

/** The after-write path of any post write that already happened (`before` → `after`). */
export async function afterPostWrite(
  app: FastifyInstance,
  request: FastifyRequest,
  before: PostDoc,
  after: PostDoc,
  action?: ChangeAction,
): Promise<BlogPost> {
  const ctx = app.blog
  const post = toPostDto(after)
  await ctx.schedule(after, before)
  await ctx.redirects.follow(before, after)
  await app.changes.afterWrite(request, {
    kind: 'post',
    action: action ?? writeAction(before, after),
    target: postTarget(post),
    before: toPostDto(before),
    snapshot: post,
    staysPublic: staysPublic(before, after),
  })
  return toAdminPostDto(after)
}
