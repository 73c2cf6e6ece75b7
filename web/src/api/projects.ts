// Projects (docs/api.md "Content"): the public list, and the writes of /projects (signed in) and the
// admin's Projects tab.
import type { PagedList, Project, ProjectInput, UploadResponse } from '@site/contracts'
import { deleteJson, getJson, postForm, postJson, putJson, type RequestOptions } from '@/lib/api'
import { reads, useRead } from '@/lib/publicReads'

/** The first `pageSize` projects (default: the largest page the paging contract allows). */
export const useProjects = (pageSize?: number) => useRead(reads.projects(pageSize))
export const listProjects = (page: number, pageSize: number, signal: AbortSignal) =>
  getJson<PagedList<Project>>('/api/projects', { signal, params: { page, pageSize } })
export const createProject = (body: ProjectInput) => postJson<Project>('/api/projects', body)
export const updateProject = (id: string, body: ProjectInput) =>
  putJson<Project>(`/api/projects/${encodeURIComponent(id)}`, body)
export const deleteProject = (id: string) => deleteJson(`/api/projects/${encodeURIComponent(id)}`)

/** POST /api/projects/upload: stores an image and answers its `/objects/...` path. */
export async function uploadProjectImage(
  file: File,
  opts: Pick<RequestOptions, 'onUploadProgress'> = {},
): Promise<string> {
  const form = new FormData()
  form.append('file', file, file.name)
  const res = await postForm<UploadResponse>('/api/projects/upload', form, opts)
  return res.data.uploadURL
}
