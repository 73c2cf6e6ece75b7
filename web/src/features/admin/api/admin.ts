// The admin calls (docs/api.md; spec §7). Every write is followed by a refetch of its list
// (useMutation({ invalidate })), reads use the shared query keys so the public screens refresh too.
import { deleteJson, getJson, patchJson, postForm, postJson, putJson, type RequestOptions } from '@/lib/api'
import type {
  BlogImportJobStatus,
  BlogPost,
  BlogPostCreate,
  BlogPostSummary,
  BlogPostUpdate,
  BlogUploadAccepted,
  BlogUploadResult,
  ContactItem,
  Feature,
  FeatureInput,
  Page,
  PageInput,
  PageSummary,
  PagedList,
  Project,
  ProjectInput,
  SiteContent,
  SiteContentInput,
  TranslateTitleResponse,
  UploadResponse,
} from '@site/contracts'

// ---- content --------------------------------------------------------------------------------
export const getContent = (signal: AbortSignal) => getJson<SiteContent>('/api/content', { signal })
export const saveContent = (body: SiteContentInput) => postJson<SiteContent>('/api/content', body)

// ---- blog -----------------------------------------------------------------------------------
/** GET /api/blog for an admin: one page of summaries, drafts included, with the title search `q`. */
export const listPosts = (page: number, pageSize: number, q: string, signal: AbortSignal) =>
  getJson<PagedList<BlogPostSummary>>('/api/blog', { signal, params: { page, pageSize, ...(q ? { q } : {}) } })
/** GET /api/blog/{id}: the full post the editor loads. */
export const getPost = (id: string) => getJson<BlogPost>(`/api/blog/${encodeURIComponent(id)}`)
export const createPost = (body: BlogPostCreate) => postJson<BlogPost>('/api/blog', body)
export const updatePost = (id: string, body: BlogPostUpdate) =>
  putJson<BlogPost>(`/api/blog/${encodeURIComponent(id)}`, body)
export const deletePost = (id: string) => deleteJson(`/api/blog/${encodeURIComponent(id)}`)
export const translateTitle = (title: string, sourceLanguage: 'nl' | 'en') =>
  postJson<TranslateTitleResponse>('/api/blog/translate-title', { title, sourceLanguage })

/** POST /api/blog/upload from the post editor (file + sourceLanguage nl): 200 result or 202 job. */
export async function uploadBlogFile(
  file: File,
  opts: Pick<RequestOptions, 'onUploadProgress' | 'signal'> = {},
): Promise<{ kind: 'done'; result: BlogUploadResult } | { kind: 'queued'; job: BlogUploadAccepted }> {
  const form = new FormData()
  form.append('sourceLanguage', 'nl')
  form.append('file', file, file.name)
  const res = await postForm<BlogUploadResult | BlogUploadAccepted>('/api/blog/upload', form, opts)
  if (res.status === 202) return { kind: 'queued', job: res.data as BlogUploadAccepted }
  return { kind: 'done', result: res.data as BlogUploadResult }
}
export const getImportJob = (statusUrl: string, signal?: AbortSignal) =>
  getJson<BlogImportJobStatus>(statusUrl, { signal })

// ---- pages ----------------------------------------------------------------------------------
/** GET /api/pages for an admin: one page of summaries (no content), drafts included, title search `q`. */
export const listPages = (page: number, pageSize: number, q: string, signal: AbortSignal) =>
  getJson<PagedList<PageSummary>>('/api/pages', { signal, params: { page, pageSize, ...(q ? { q } : {}) } })
/** GET /api/pages/{id}: the full page the editor loads. */
export const getPage = (id: string) => getJson<Page>(`/api/pages/${encodeURIComponent(id)}`)
export const createPage = (body: PageInput) => postJson<Page>('/api/pages', body)
export const updatePage = (id: string, body: PageInput) =>
  putJson<Page>(`/api/pages/${encodeURIComponent(id)}`, body)
export const deletePage = (id: string) => deleteJson(`/api/pages/${encodeURIComponent(id)}`)

// ---- projects -------------------------------------------------------------------------------
export const listProjects = (page: number, pageSize: number, signal: AbortSignal) =>
  getJson<PagedList<Project>>('/api/projects', { signal, params: { page, pageSize } })
export const createProject = (body: ProjectInput) => postJson<Project>('/api/projects', body)
export const updateProject = (id: string, body: ProjectInput) =>
  putJson<Project>(`/api/projects/${encodeURIComponent(id)}`, body)
export const deleteProject = (id: string) => deleteJson(`/api/projects/${encodeURIComponent(id)}`)
export async function uploadProjectImage(
  file: File,
  opts: Pick<RequestOptions, 'onUploadProgress'> = {},
): Promise<string> {
  const form = new FormData()
  form.append('file', file, file.name)
  const res = await postForm<UploadResponse>('/api/projects/upload', form, opts)
  return res.data.uploadURL
}

// ---- features -------------------------------------------------------------------------------
export const listFeatures = (signal: AbortSignal) => getJson<Feature[]>('/api/features', { signal })
export const createFeature = (body: FeatureInput) => postJson<Feature>('/api/features', body)
export const updateFeature = (id: string, body: FeatureInput) =>
  putJson<Feature>(`/api/features/${encodeURIComponent(id)}`, body)
export const deleteFeature = (id: string) => deleteJson(`/api/features/${encodeURIComponent(id)}`)
export const reorderFeatures = (ids: string[]) => putJson<Feature[]>('/api/features/order', { ids })

// ---- contact inbox --------------------------------------------------------------------------
export const listContacts = (page: number, pageSize: number, signal: AbortSignal) =>
  getJson<PagedList<ContactItem>>('/api/contacts', { signal, params: { page, pageSize } })
export const setContactHandled = (id: string, handled: boolean) =>
  patchJson<ContactItem>(`/api/contacts/${encodeURIComponent(id)}`, { handled })
export const deleteContact = (id: string) => deleteJson(`/api/contacts/${encodeURIComponent(id)}`)
