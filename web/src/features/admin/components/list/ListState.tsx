import type { ReactNode } from 'react'
import type { PagedList } from '@site/contracts'
import { Button, Skeleton } from '@/components'
import { errorMessage } from '@/lib/api'
import type { UseQueryResult } from '@/lib/query'
import { texts } from '../../texts'

/** Loading skeletons, an error with a retry, the empty text, or the list. */
export function ListState<T>({
  query,
  empty,
  children,
}: {
  /** A whole list or one page of it. */
  query: UseQueryResult<T[] | PagedList<T>>
  empty: string
  children: (items: T[]) => ReactNode
}) {
  const t = texts
  if (query.isPending) {
    return (
      <div className="admin-list" role="status" aria-busy="true" aria-label={t.loading}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="admin-list__skeleton" />
        ))}
      </div>
    )
  }
  if (query.isError && !query.data) {
    return (
      <div className="admin-empty" role="alert">
        <p>{t.loadFailed}</p>
        <p className="admin-muted">{errorMessage(query.error, query.error?.message ?? '')}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t.retry}
        </Button>
      </div>
    )
  }
  const data = query.data
  const items = (Array.isArray(data) ? data : data?.items) ?? []
  if (items.length === 0) return <p className="admin-empty">{empty}</p>
  return <>{children(items)}</>
}
