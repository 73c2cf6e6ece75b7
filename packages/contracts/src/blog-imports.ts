import { Type, type Static } from 'typebox'
import { BlogImportJobStatus } from './blog.js'
import { PageQuery } from './paging.js'

/** The post an import made, as the imports list links it. */
export const BlogImportPost = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  title_nl: Type.String(),
  title_en: Type.String(),
  published: Type.Boolean(),
})
export type BlogImportPost = Static<typeof BlogImportPost>

/**
 * One blog import as the admin's imports list shows it: the uploaded file, who started it and when,
 * and the job's live state. `id` is the job id (`GET /api/blog/jobs/{id}`, the retry's path).
 */
export const BlogImport = Type.Object({
  id: Type.String(),
  filename: Type.String(),
  author: Type.String(),
  created_at: Type.String(),
  state: BlogImportJobStatus.properties.state,
  stage: Type.String(),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  attempts: Type.Integer({ minimum: 0 }),
  /** Why it failed, in the admin's terms (failed imports only). */
  error: Type.Optional(Type.String()),
  /** The post it made: null until it completes, and when that post was deleted since. */
  post: Type.Union([BlogImportPost, Type.Null()]),
})
export type BlogImport = Static<typeof BlogImport>

/** GET /api/blog/imports: `page` and `pageSize` of the paging contract (no title search). */
export const BlogImportsQuery = Type.Object({
  page: PageQuery.properties.page,
  pageSize: PageQuery.properties.pageSize,
})
export type BlogImportsQuery = Static<typeof BlogImportsQuery>
