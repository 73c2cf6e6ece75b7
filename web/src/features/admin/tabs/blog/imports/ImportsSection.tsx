// The Blog tab's "Imports" (docs/web.md, "Admin: imports"): the files uploaded in the last week,
// newest first, 20 a page, live while one runs, with Retry for a failed one. The upload dialogs
// point here when they are closed before their import ends (`#admin-imports`).
import type { BlogImportPost } from '@site/contracts'
import { ADMIN_PAGE_SIZE } from '../../../hooks/usePagedList'
import { ListState } from '../../../components/list/ListState'
import { Pager } from '../../../components/list/Pager'
import { Section } from '../../../components/list/Section'
import { ImportRow } from './ImportRow'
import { useImports } from './useImports'
import { texts } from '../../../texts'

export function ImportsSection({ onOpenPost }: { onOpenPost: (post: BlogImportPost) => void }) {
  const ti = texts.imports
  const list = useImports()
  const { query } = list
  return (
    <Section title={ti.heading} lead={ti.lead} id="admin-imports">
      <ListState query={query} empty={ti.empty}>
        {(items) => (
          <ul className="admin-list" data-testid="admin-imports-list">
            {items.map((item) => (
              <ImportRow
                key={item.id}
                item={item}
                retrying={list.retrying === item.id}
                onRetry={() => void list.retry(item)}
                onOpenPost={onOpenPost}
              />
            ))}
          </ul>
        )}
      </ListState>
      <Pager
        label={ti.heading}
        page={list.page}
        pageSize={ADMIN_PAGE_SIZE}
        total={query.data?.total ?? 0}
        busy={query.isFetching}
        onPage={list.setPage}
      />
    </Section>
  )
}
