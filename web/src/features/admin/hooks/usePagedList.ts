import { useEffect, useState } from 'react'
import type { PagedList } from '@site/contracts'
import { useQuery, type QueryKey } from '@/lib/query'

/** Admin list pages: 20 rows a page (within the API's maximum of 50). */
export const ADMIN_PAGE_SIZE = 20

/**
 * One page of an admin list and its title search. A new search starts at page 1; when a
 * delete empties the last page, the page before is shown.
 */
export function usePagedList<T>(
  key: (page: number, q: string) => QueryKey,
  load: (page: number, q: string, signal: AbortSignal) => Promise<PagedList<T>>,
) {
  const [page, setPage] = useState(1)
  const [q, setQ] = useState('')
  const query = useQuery(key(page, q), (signal) => load(page, q, signal))
  const data = query.data
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && page > 1)
      setPage(Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE)))
  }, [data, page])
  return {
    query,
    page,
    setPage,
    q,
    search: (text: string) => {
      setQ(text)
      setPage(1)
    },
  }
}
