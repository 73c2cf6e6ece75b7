import { findPage, titleSearch } from '@site/service-kit'
import type { BlogPostSummary, PagedList } from '@site/contracts'
import type { PostModel } from '../models/post.js'
import { toPostSummaryDto } from './dto.js'

export interface ListQuery {
  page?: number
  pageSize?: number
  /** Case-insensitive search in title_nl/title_en (admin list). */
  q?: string
  /** Only published (true), only drafts (false), or every post (undefined). */
  published?: boolean
  /** Only the posts this account wrote (an author's list: issue 46). */
  authorId?: string
}

export const WITHOUT_CONTENT = { content_nl: 0, content_en: 0, content_de: 0 } as const

/**
 * One page of post summaries, newest first: a projection without the HTML bodies, skip/limit, and
 * a count of every match (the indexes `{ published: 1, created_at: -1, _id: -1 }` and
 * `{ created_at: -1, _id: -1 }` serve the public and the admin sort).
 */
export function listPosts(posts: PostModel, query: ListQuery): Promise<PagedList<BlogPostSummary>> {
  const filter: Record<string, unknown> = titleSearch(posts, query.q, ['title_nl', 'title_en'])
  if (query.published !== undefined) filter.published = query.published
  if (query.authorId !== undefined) filter.author_id = query.authorId
  return findPage(posts, filter, query, {
    sort: { created_at: -1, _id: -1 },
    projection: WITHOUT_CONTENT,
    map: toPostSummaryDto,
  })
}
