import type { Redis } from 'ioredis'
import { Listing, type Memberships } from '@site/service-kit'
import type { AnnounceAlso } from '@site/service-kit/changes'
import type { BlogPostSummary, PagedList } from '@site/contracts'
import type { PostDoc, PostModel } from '../models/post.js'
import { toPostSummaryDto } from './dto.js'
import { WITHOUT_CONTENT } from './list.js'

/**
 * The posts' list order (the kit's Listing, docs/design.md "Hot queries and their indexes"):
 * `published` (the public list, newest first), `all` (the admin's list, drafts too) and `updated`
 * (published posts by their last change: GET /api/blog/changes). A page reads its posts by `_id`,
 * so it costs the same at 10 and at 10,000 posts.
 */
export type PostSet = 'published' | 'all' | 'updated'
export type PostListing = Listing<PostSet>

export const postListing = (redis: () => Redis, prefix: string): PostListing =>
  new Listing(redis, `${prefix}:listing:blog-posts`, ['published', 'all', 'updated'] as const)

const ms = (v: unknown) => new Date(v as string | Date).getTime()

/** Where a post stands in each list; null: deleted. */
export function memberships(
  post: { published?: unknown; created_at?: unknown; updated_at?: unknown } | null,
): Memberships<PostSet> {
  if (!post) return { published: null, all: null, updated: null }
  const created = ms(post.created_at)
  return {
    published: post.published ? created : null,
    all: created,
    updated: post.published ? ms(post.updated_at) : null,
  }
}

/**
 * The lists follow every recorded write to a post, in the announcement's transaction: the post as
 * that write left it (its snapshot; a delete has none). The change log raises the blog's read
 * version after this, in the same transaction, so a reader that cached a page between the write
 * and this announcement reads it anew.
 */
export function listingAnnouncement(listing: PostListing): AnnounceAlso {
  return (doc, tx) => {
    if (doc.kind !== 'post' || !doc.target_id) return
    if (doc.action !== 'delete' && !doc.snapshot) return
    listing.applyIn(
      tx,
      doc.target_id,
      doc.at.getTime(),
      memberships(doc.action === 'delete' ? null : doc.snapshot!),
    )
  }
}

/** Builds the lists from the database when Redis has none; false while another process does. */
export function listingReady(listing: PostListing, posts: PostModel): Promise<boolean> {
  return listing.ready(async function* () {
    const cursor = posts.find({}, { published: 1, created_at: 1, updated_at: 1 }).lean<PostDoc[]>().cursor()
    for await (const doc of cursor as AsyncIterable<PostDoc>)
      yield { id: String(doc._id), at: ms(doc.updated_at), memberships: memberships(doc) }
  })
}

/**
 * One page of a list: its posts read by `_id` (without their bodies). A post that changed since
 * its place was kept (unpublished meanwhile) is left out of the page until the announcement.
 */
export async function listingPage(
  posts: PostModel,
  listing: PostListing,
  set: 'published' | 'all',
  page: number,
  pageSize: number,
): Promise<PagedList<BlogPostSummary>> {
  const { ids, total } = await listing.page(set, page, pageSize)
  const docs = await Promise.all(ids.map((id) => posts.findById(id, WITHOUT_CONTENT).lean<PostDoc>()))
  const items = docs
    .filter((d): d is PostDoc => Boolean(d && (set === 'all' || d.published)))
    .map(toPostSummaryDto)
  return { items, page, pageSize, total }
}
