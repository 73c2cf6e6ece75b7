import { getJson } from '@/lib/api'
import { useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import type { Page } from '@/lib/types'

/** GET /api/pages (the list is small and cached by the content service; a page is found by slug here). */
export const usePages = () => useQuery(queryKeys.pages, (signal) => getJson<Page[]>('/api/pages', { signal }))
