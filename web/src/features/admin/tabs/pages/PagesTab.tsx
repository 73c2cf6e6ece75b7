// Pages tab (spec §2): static pages, a page of the list at a time with a title search, with
// Published/Draft badges (and Scheduled, with when it goes online, in the admin's zone), edit (the dialog loads the full page) and delete, and 'New Page'.
import type { Page, PageSummary } from '@site/contracts'
import { deletePage, getPage, listPages } from '@/api/pages'
import { queryKeys } from '@/lib/queryKeys'
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog'
import { ItemRow, PublishedBadge } from '../../components/list/ItemRow'
import { ListState } from '../../components/list/ListState'
import { Pager } from '../../components/list/Pager'
import { SearchField } from '../../components/list/SearchField'
import { NewButton, Section } from '../../components/list/Section'
import { useConfirm } from '../../hooks/useConfirm'
import { useEditFull } from '../../hooks/useEditDialog'
import { ADMIN_PAGE_SIZE, usePagedList } from '../../hooks/usePagedList'
import { deleteAndRefresh } from '../../lib/toasts'
import { PageDialog } from './PageDialog'
import { texts } from '../../texts'
import { HistoryButton } from '../../components/history/HistoryDialog'
import { ScheduledBadge, ScheduleTimes } from '../../components/schedule/Schedule'

export function PagesTab() {
  const t = texts
  const tp = t.pages
  const list = usePagedList(
    (page, q) => queryKeys.pagesPage(page, ADMIN_PAGE_SIZE, q),
    (page, q, signal) => listPages(page, ADMIN_PAGE_SIZE, q, signal),
  )
  const { query } = list
  const dialog = useEditFull<PageSummary, Page>(getPage)
  const confirm = useConfirm<PageSummary>()

  const remove = (page: PageSummary) =>
    deleteAndRefresh(
      () => deletePage(page.id),
      queryKeys.pages,
      { title: tp.deleted, description: tp.deletedText },
      { title: tp.failed, fallback: tp.failedText },
    )

  return (
    <Section
      title={tp.heading}
      id="admin-pages"
      action={<NewButton label={tp.newItem} onClick={dialog.openNew} />}
    >
      <SearchField id="admin-pages-search" onSearch={list.search} />
      <ListState query={query} empty={list.q ? t.search.none(list.q) : tp.empty}>
        {(pages) => (
          <ul className="admin-list" data-testid="admin-pages-list">
            {pages.map((page) => (
              <ItemRow
                key={page.id}
                title={page.title_nl}
                badges={
                  <>
                    <PublishedBadge published={page.published} />
                    <ScheduledBadge item={page} />
                  </>
                }
                meta={
                  <>
                    <span lang="en">{page.title_en}</span>
                    <span>/{page.slug}</span>
                    <ScheduleTimes item={page} />
                  </>
                }
                name={page.title_nl}
                extra={
                  <HistoryButton
                    path={`/api/pages/${page.id}`}
                    name={page.title_nl}
                    refresh={queryKeys.pages}
                  />
                }
                onEdit={() => void dialog.openEdit(page)}
                onDelete={() => confirm.ask(page)}
              />
            ))}
          </ul>
        )}
      </ListState>
      <Pager
        label={tp.heading}
        page={list.page}
        pageSize={ADMIN_PAGE_SIZE}
        total={query.data?.total ?? 0}
        busy={query.isFetching}
        onPage={list.setPage}
      />
      <PageDialog open={dialog.open} page={dialog.item} onOpenChange={dialog.onOpenChange} />
      <ConfirmDialog
        {...confirm.dialogProps}
        text={t.confirmDelete(confirm.target?.title_nl ?? '')}
        onConfirm={() => remove(confirm.target!)}
      />
    </Section>
  )
}
