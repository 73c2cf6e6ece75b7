// Inbox tab: the consultation requests sent through the contact forms (GET /api/contacts, newest
// first, paged), mark handled / open (PATCH), erase with confirmation (DELETE: personal data erased).
import { useState } from 'react'
import { Button, Skeleton } from '@/components'
import { errorMessage } from '@/lib/api'
import { invalidateQueries, useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import type { ContactItem } from '@site/contracts'
import { deleteContact, listContacts, setContactHandled } from '@/api/contacts'
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog'
import { deleteAndRefresh, toastError, toastSuccess } from '../../lib/toasts'
import { Pager } from '../../components/list/Pager'
import { Section } from '../../components/list/Section'
import { useConfirm } from '../../hooks/useConfirm'
import { InboxItem } from './InboxItem'
import { texts } from '../../texts'

const PAGE_SIZE = 20

export function InboxTab() {
  const t = texts
  const ti = t.inbox
  const [page, setPage] = useState(1)
  const query = useQuery(queryKeys.contacts.page(page, PAGE_SIZE), (signal) =>
    listContacts(page, PAGE_SIZE, signal),
  )
  const [busyId, setBusyId] = useState<string | null>(null)
  const confirm = useConfirm<ContactItem>()

  const total = query.data?.total ?? 0
  const items = query.data?.items ?? []

  async function toggle(item: ContactItem) {
    setBusyId(item.id)
    try {
      await setContactHandled(item.id, !item.handled)
      await invalidateQueries(queryKeys.contacts.all)
      toastSuccess(ti.updated, item.handled ? ti.open : ti.handled)
    } catch (err) {
      toastError(t.error, err, ti.failed)
    } finally {
      setBusyId(null)
    }
  }

  const erase = (item: ContactItem) =>
    deleteAndRefresh(
      async () => {
        await deleteContact(item.id)
        // The last item of a later page: go back one page.
        if (items.length === 1 && page > 1) setPage(page - 1)
      },
      queryKeys.contacts.all,
      { title: ti.erased },
      { title: t.error, fallback: ti.failed },
    )

  let body
  if (query.isPending) {
    body = (
      <div className="admin-list" aria-busy="true" aria-label={t.loading}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="admin-list__skeleton admin-list__skeleton--tall" />
        ))}
      </div>
    )
  } else if (query.isError && !query.data) {
    body = (
      <div className="admin-empty" role="alert">
        <p>{t.loadFailed}</p>
        <p className="admin-muted">{errorMessage(query.error, query.error?.message ?? '')}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t.retry}
        </Button>
      </div>
    )
  } else if (items.length === 0) {
    body = <p className="admin-empty">{ti.empty}</p>
  } else {
    body = (
      <ul className="admin-list" data-testid="admin-inbox-list">
        {items.map((item) => (
          <InboxItem
            key={item.id}
            item={item}
            busy={busyId === item.id}
            onToggle={() => void toggle(item)}
            onErase={() => confirm.ask(item)}
          />
        ))}
      </ul>
    )
  }

  return (
    <Section title={ti.heading} lead={ti.lead} id="admin-inbox">
      {body}
      <Pager
        label={ti.heading}
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        busy={query.isFetching}
        onPage={setPage}
      />
      <ConfirmDialog
        {...confirm.dialogProps}
        title={ti.eraseTitle}
        text={ti.eraseText(confirm.target?.name ?? '')}
        confirmLabel={ti.erase}
        onConfirm={() => erase(confirm.target!)}
      />
    </Section>
  )
}
