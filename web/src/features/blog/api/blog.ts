// Blog calls (docs/api.md "Blog"): the published list, one post by slug, and the upload of a file
// that the server turns into a post (200 when done within its bounded wait, else 202 + job id).
import { getJson, postForm } from '@/lib/api'
import { BLOG_PAGE_SIZE, reads, useRead } from '@/lib/publicReads'
import type { BlogImportJobStatus, BlogUploadAccepted, BlogUploadResult } from '@site/contracts'

/** One page of the published posts' summaries (`/blog?page=N`). */
export const usePublishedPosts = (page: number) => useRead(reads.publishedPosts(page, BLOG_PAGE_SIZE))

/** One post, or null when there is none (404). */
export const usePost = (slug: string) => useRead(reads.post(slug))

export interface UploadOverrides {
  title_nl: string
  title_en: string
  tags: string
  publish: boolean
}

export type UploadProgress =
  { phase: 'upload'; percent: number } | { phase: 'job'; stage: string; percent: number }

export const JOB_POLL_MS = 1000

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(new Error('aborted'))
    })
  })

/**
 * POST /api/blog/upload (multipart: file + the dialog's optional overrides) and, on 202, polls
 * GET /api/blog/jobs/{id} until the import completes or fails. Reports bytes sent, then stage and percent.
 */
export async function uploadBlogFile(
  file: File,
  overrides: UploadOverrides,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<BlogUploadResult> {
  const form = new FormData()
  if (overrides.title_nl.trim()) form.append('title_nl', overrides.title_nl.trim())
  if (overrides.title_en.trim()) form.append('title_en', overrides.title_en.trim())
  if (overrides.tags.trim()) form.append('tags', overrides.tags.trim())
  form.append('publish', overrides.publish ? 'true' : 'false')
  form.append('file', file) // last: the server reads the fields before the file
  const res = await postForm<BlogUploadResult | BlogUploadAccepted>('/api/blog/upload', form, {
    signal,
    onUploadProgress: ({ loaded, total }) =>
      onProgress({
        phase: 'upload',
        percent: Math.min(100, Math.round((loaded / (total || file.size || 1)) * 100)),
      }),
  })
  if (res.status !== 202) return res.data as BlogUploadResult
  const queued = res.data as BlogUploadAccepted
  onProgress({ phase: 'job', stage: 'queued', percent: 0 })
  for (;;) {
    await sleep(JOB_POLL_MS, signal)
    const job = await getJson<BlogImportJobStatus>(`/api/blog/jobs/${encodeURIComponent(queued.jobId)}`, { signal })
    onProgress({ phase: 'job', stage: job.stage ?? job.state, percent: job.progress ?? 0 })
    if (job.state === 'completed' && job.result) return job.result
    if (job.state === 'failed') throw new Error(job.error || 'Upload failed')
  }
}
