// CMS pages (docs/api.md "Content"): the admin's paged list, full page and writes (the public
// page and the footer's list are read through @/lib/publicReads).
import type { Page, PageInput, PageSummary, PagedList } from '@site/contracts'
import { deleteJson, getJson, getVersioned, postJson, putVersioned } from '@/lib/api'

/** GET /api/pages for an admin: one page of summaries (no content), drafts included, title search `q`. */
export const listPages = (page: number, pageSize: number, q: string, signal: AbortSignal) =>
  getJson<PagedList<PageSummary>>('/api/pages', { signal, params: { page, pageSize, ...(q ? { q } : {}) } })
/** GET /api/pages/{id}: the full page the editor loads. */
export const getPage = (id: string) => getVersioned<Page>(`/api/pages/${encodeURIComponent(id)}`)
export const createPage = (body: PageInput) => postJson<Page>('/api/pages', body)
/** PUT /api/pages/{id} over the version `base` the editor opened (If-Match; 412 when it changed since). */
export const updatePage = (id: string, body: PageInput, base?: Page | null) =>
  putVersioned<Page>(`/api/pages/${encodeURIComponent(id)}`, body, base)
export const deletePage = (id: string) => deleteJson(`/api/pages/${encodeURIComponent(id)}`)
