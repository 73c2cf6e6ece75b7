import mongoose from 'mongoose'
import { PAGE_SIZE_DEFAULT, type BlogPostSummary, type PagedList } from '@site/contracts'
import type { PostDoc, PostModel } from '../models/post.js'
import { toSummary } from './dto.js'

export interface ListQuery {
  page?: number
  pageSize?: number
  /** Case-insensitive search in title_nl/title_en (admin list). */
  q?: string
  /** Only published (true), only drafts (false), or every post (undefined). */
  published?: boolean
}

const WITHOUT_CONTENT = { content_nl: 0, content_en: 0, content_de: 0 } as const

export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * One page of post summaries, newest first: a projection without the HTML bodies, skip/limit, and
 * a count of every match (the index `{ published: 1, created_at: -1 }` serves the public sort).
 */
export async function listPosts(posts: PostModel, query: ListQuery): Promise<PagedList<BlogPostSummary>> {
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT
  const filter: Record<string, unknown> = {}
  if (query.published !== undefined) filter.published = query.published
  const q = query.q?.trim()
  if (q) {
    const match = mongoose.trusted({ $regex: escapeRegex(q), $options: 'i' })
    filter.$or = [{ title_nl: match }, { title_en: match }]
  }
  const [docs, total] = await Promise.all([
    posts
      .find(filter, WITHOUT_CONTENT)
      .sort({ created_at: -1, _id: -1 })
      .skip((page - 1) * pageSize)
      .limit(pageSize)
      .lean<Omit<PostDoc, 'content_nl' | 'content_en' | 'content_de'>[]>(),
    posts.countDocuments(filter),
  ])
  return { items: docs.map(toSummary), page, pageSize, total }
}
