import type { PostDoc, PostModel } from '../models/post.js'
import type { RedirectModel } from '../models/redirect.js'

/**
 * After a save: a published post that left a slug keeps it as a redirect to itself; the slug the
 * post holds now is nobody's redirect any more (a freed slug taken by another post, or a post
 * taking back its old one).
 */
export async function followSlug(redirects: RedirectModel, before: PostDoc | null, after: PostDoc | null) {
  if (after) await redirects.deleteMany({ slug: after.slug })
  if (before && after && before.slug !== after.slug && before.published)
    await redirects.updateOne(
      { slug: before.slug },
      { $set: { post_id: String(after._id), created_at: new Date() } },
      { upsert: true },
    )
  if (before && !after) await redirects.deleteMany({ post_id: String(before._id) })
}

/**
 * Where an old slug leads now: the current slug and id of its published post; null when it is no
 * redirect, its post is not published, or a post holds the slug itself (the redirect yields).
 */
export async function resolveRedirect(
  redirects: RedirectModel,
  posts: PostModel,
  slug: string,
): Promise<{ id: string; slug: string } | null> {
  const redirect = await redirects.findOne({ slug }).lean()
  if (!redirect || (await posts.exists({ slug }))) return null
  const post = await posts.findById(redirect.post_id, { slug: 1, published: 1 }).lean<PostDoc>()
  return post?.published ? { id: String(post._id), slug: post.slug } : null
}
