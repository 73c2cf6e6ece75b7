import type { BlogPostSummary, PagedList } from '@site/contracts'
import type { PostDoc, PostModel } from '../models/post.js'
import { toPostSummaryDto } from './dto.js'
import { WITHOUT_CONTENT } from './list.js'

/**
 * The published posts' ids in list order (newest first, as listPosts sorts) and by slug.
 * FerretDB 1.24's SQLite handler answers only a filter of exactly `{ _id }` without decoding every
 * document of the collection (docs/content.md, "FerretDB notes"): a post by `{ slug }`, or a page
 * of the list with its count, took 0.5-0.7 s at 1,000 posts, for every post and list page not
 * cached yet, and for every slug a visitor makes up. The index costs one such read per posts
 * version (after a write; PublishedCache keeps it beside its answers), and the public reads fetch
 * each post by `_id`. About 100 bytes a post in memory.
 */
export interface PublishedIndex {
  ids: string[]
  bySlug: Map<string, string>
}

export async function loadPublishedIndex(posts: PostModel): Promise<PublishedIndex> {
  const docs = await posts
    .find({ published: true }, { slug: 1 })
    .sort({ created_at: -1, _id: -1 })
    .lean<Pick<PostDoc, '_id' | 'slug'>[]>()
  const ids = docs.map((d) => String(d._id))
  return { ids, bySlug: new Map(docs.map((d, i) => [d.slug, ids[i]!])) }
}

/** The published post of `slug`, read by `_id`; null for any other slug. */
export async function publishedBySlug(
  posts: PostModel,
  index: PublishedIndex,
  slug: string,
): Promise<PostDoc | null> {
  const id = index.bySlug.get(slug)
  const doc = id ? await posts.findById(id).lean<PostDoc>() : null
  // The index is of this posts version; a write since then shows here, and is read again next time.
  return doc?.published && doc.slug === slug ? doc : null
}

/** A page of the published list: its posts read by `_id`, without their bodies. */
export async function publishedPage(
  posts: PostModel,
  index: PublishedIndex,
  page: number,
  pageSize: number,
): Promise<PagedList<BlogPostSummary>> {
  const ids = index.ids.slice((page - 1) * pageSize, page * pageSize)
  const docs = await Promise.all(ids.map((id) => posts.findById(id, WITHOUT_CONTENT).lean<PostDoc>()))
  const items = docs.filter((d): d is PostDoc => Boolean(d?.published)).map(toPostSummaryDto)
  return { items, page, pageSize, total: index.ids.length }
}
