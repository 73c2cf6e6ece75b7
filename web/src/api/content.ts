// Site content (docs/api.md "Content"): the one record the home shows (read through
// @/lib/publicReads) and the admin's Content tab edits.
import type { SiteContent, SiteContentInput } from '@site/contracts'
import { getJson, postJson } from '@/lib/api'

export const getContent = (signal: AbortSignal) => getJson<SiteContent>('/api/content', { signal })
export const saveContent = (body: SiteContentInput) => postJson<SiteContent>('/api/content', body)
