import mongoose from 'mongoose'
import { findPage, type PageRequest } from '@site/service-kit'
import type { BlogImport, BlogImportPost, PagedList } from '@site/contracts'
import type { Blog } from '../plugins/blog.js'
import type { ImportDoc } from '../models/import.js'
import type { PostDoc } from '../models/post.js'
import { jobView, type JobView } from './status.js'

/** A job the queue no longer keeps (completed ones go after a day) has finished: its post tells the rest. */
const FINISHED: JobView = { state: 'completed', stage: 'done', progress: 100, attempts: 0 }

/**
 * The imports of `records` with their live state: one queue read per record (a page holds at most
 * 50) and one query for the posts they made, found by upload id (also once the job is gone).
 */
export async function importViews(ctx: Blog, records: ImportDoc[]): Promise<BlogImport[]> {
  const uploadIds = records.map((r) => r.upload_id)
  const [views, posts] = await Promise.all([
    Promise.all(
      records.map(async (r) => {
        const job = await ctx.queue.getJob(r._id)
        return job ? jobView(ctx.queue, job) : FINISHED
      }),
    ),
    ctx.posts
      .find(
        { source_upload_id: mongoose.trusted({ $in: uploadIds }) },
        { slug: 1, title_nl: 1, title_en: 1, published: 1, source_upload_id: 1 },
      )
      .lean<Pick<PostDoc, '_id' | 'slug' | 'title_nl' | 'title_en' | 'published' | 'source_upload_id'>[]>(),
  ])
  const postOf = new Map<string, BlogImportPost>(
    posts.map((p) => [
      p.source_upload_id!,
      { id: String(p._id), slug: p.slug, title_nl: p.title_nl, title_en: p.title_en, published: p.published },
    ]),
  )
  return records.map((r, i) => ({
    id: r._id,
    filename: r.filename,
    author: r.author,
    created_at: r.created_at.toISOString(),
    ...views[i]!,
    // The post is saved in the job's last stage: linked once the job says it is done.
    post: views[i]!.state === 'completed' ? (postOf.get(r.upload_id) ?? null) : null,
  }))
}

/** One page of the recent imports, newest first (the records are kept a week: see repo.ts). */
export async function listImports(ctx: Blog, query: PageRequest): Promise<PagedList<BlogImport>> {
  const page = await findPage(ctx.imports, {}, query, {
    sort: { created_at: -1, _id: -1 },
    map: (doc: ImportDoc) => doc,
  })
  return { ...page, items: await importViews(ctx, page.items) }
}
