// The media library (docs/api.md "Content", /api/media): admin only.
import type { MediaAltInput, MediaDetail, MediaItem, PagedList } from '@site/contracts'
import { deleteJson, getJson, patchJson, postForm, type RequestOptions } from '@/lib/api'

export const listMedia = (page: number, pageSize: number, q: string, signal: AbortSignal) =>
  getJson<PagedList<MediaItem>>('/api/media', { signal, params: { page, pageSize, ...(q ? { q } : {}) } })
export const getMedia = (id: string, signal: AbortSignal) =>
  getJson<MediaDetail>(`/api/media/${encodeURIComponent(id)}`, { signal })
export const saveAltTexts = (id: string, body: MediaAltInput) =>
  patchJson<MediaItem>(`/api/media/${encodeURIComponent(id)}`, body)
export const deleteMedia = (id: string) => deleteJson(`/api/media/${encodeURIComponent(id)}`)

/** POST /api/media (multipart `file`): stores the file and answers the new item. */
export async function uploadMedia(
  file: File,
  opts: Pick<RequestOptions, 'onUploadProgress'> = {},
): Promise<MediaItem> {
  const form = new FormData()
  form.append('file', file, file.name)
  return (await postForm<MediaItem>('/api/media', form, opts)).data
}
