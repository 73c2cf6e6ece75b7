// One page of a paged admin list: its state (loading, error with retry, the empty text) and items,
// then the pager under it, both read from the one query (Audit, Users, the Inbox's sections).
import type { ReactNode } from 'react'
import type { PagedList as Page } from '@site/contracts'
import type { UseQueryResult } from '@/lib/query'
import { ListState } from './ListState'
import { Pager } from './Pager'

export function PagedList<T>({
  query,
  empty,
  label,
  page,
  pageSize,
  onPage,
  children,
}: {
  query: UseQueryResult<Page<T>>
  empty: string
  /** Names the pager's navigation (texts.pager.label). */
  label: string
  page: number
  pageSize: number
  onPage: (page: number) => void
  children: (items: T[]) => ReactNode
}) {
  return (
    <>
      <ListState query={query} empty={empty}>
        {children}
      </ListState>
      <Pager
        label={label}
        page={page}
        pageSize={pageSize}
        total={query.data?.total ?? 0}
        busy={query.isFetching}
        onPage={onPage}
      />
    </>
  )
}
