// Blog calls (docs/api.md "Blog"): the published list and one post by slug; the admin's paged list,
// full post and writes; and the upload of a file that the server turns into a post (200 when done
// within its bounded wait, else 202 and an import job: see @/lib/useBlogImport); the admin's list of
// recent imports and the Retry of a failed one.
import type {
  BlogImport,
  BlogImportJobStatus,
  BlogPost,
  BlogPostCreate,
  BlogPostSummary,
  BlogPostUpdate,
  BlogSourceLanguage,
  BlogUploadAccepted,
  BlogUploadResult,
  PagedList,
  TranslateTitleResponse,
} from '@site/contracts'
import {
  deleteJson,
  getJson,
  getVersioned,
  postForm,
  postJson,
  putVersioned,
  type RequestOptions,
} from '@/lib/api'
import { BLOG_PAGE_SIZE, reads, useRead } from '@/lib/publicReads'

/** One page of the published posts' summaries (`/blog?page=N`; the home asks for the latest `pageSize`). */
export const usePublishedPosts = (page: number, pageSize = BLOG_PAGE_SIZE) =>
  useRead(reads.publishedPosts(page, pageSize))

/** GET /api/blog for an admin: one page of summaries, drafts included, with the title search `q`. */
export const listPosts = (page: number, pageSize: number, q: string, signal: AbortSignal) =>
  getJson<PagedList<BlogPostSummary>>('/api/blog', {
    signal,
    params: { page, pageSize, ...(q ? { q } : {}) },
  })
/** GET /api/blog/{id}: the full post the editor loads. */
export const getPost = (id: string) => getVersioned<BlogPost>(`/api/blog/${encodeURIComponent(id)}`)
export const createPost = (body: BlogPostCreate) => postJson<BlogPost>('/api/blog', body)
/** PUT /api/blog/{id} over the version `base` the editor opened (If-Match; 412 when it changed since). */
export const updatePost = (id: string, body: BlogPostUpdate, base?: BlogPost | null) =>
  putVersioned<BlogPost>(`/api/blog/${encodeURIComponent(id)}`, body, base)
export const deletePost = (id: string) => deleteJson(`/api/blog/${encodeURIComponent(id)}`)
export const translateTitle = (title: string, sourceLanguage: BlogSourceLanguage) =>
  postJson<TranslateTitleResponse>('/api/blog/translate-title', { title, sourceLanguage })

export type BlogUploadAnswer =
  { kind: 'done'; result: BlogUploadResult } | { kind: 'queued'; job: BlogUploadAccepted }

/**
 * POST /api/blog/upload (multipart): the text `fields` (overrides, source language) and then the
 * file, since the server reads the fields before the file. Answers the result (200) or the job (202).
 */
export async function uploadBlogFile(
  file: File,
  fields: Record<string, string>,
  opts: Pick<RequestOptions, 'onUploadProgress' | 'signal'> = {},
): Promise<BlogUploadAnswer> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', file, file.name)
  const res = await postForm<BlogUploadResult | BlogUploadAccepted>('/api/blog/upload', form, opts)
  if (res.status === 202) return { kind: 'queued', job: res.data as BlogUploadAccepted }
  return { kind: 'done', result: res.data as BlogUploadResult }
}
/** GET /api/blog/jobs/{id} (the `statusUrl` of a 202 answer). */
export const getImportJob = (statusUrl: string, signal?: AbortSignal) =>
  getJson<BlogImportJobStatus>(statusUrl, { signal })

/** GET /api/blog/imports: one page of the recent imports, newest first, each with its job's state. */
export const listImports = (page: number, pageSize: number, signal: AbortSignal) =>
  getJson<PagedList<BlogImport>>('/api/blog/imports', { signal, params: { page, pageSize } })
/** POST /api/blog/imports/{id}/retry: runs a failed import again (409 for any other). */
export const retryImport = (id: string) =>
  postJson<BlogImport>(`/api/blog/imports/${encodeURIComponent(id)}/retry`)
