// The consultation requests sent through the contact forms (GET /api/contacts, newest first,
// paged), or the one a link points to (?request=<id>, e.g. from a chat conversation); mark handled
// / open (PATCH), erase with confirmation (DELETE: personal data erased).
import { useEffect, useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { ContactItem } from '@site/contracts'
import { deleteContact, getContact, listContacts, setContactHandled } from '@/api/contacts'
import { invalidateQueries, useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog'
import { ListState } from '../../../components/list/ListState'
import { PagedList } from '../../../components/list/PagedList'
import { Section } from '../../../components/list/Section'
import { useConfirm } from '../../../hooks/useConfirm'
import { orNoneOn404 } from '../../../lib/orNone'
import { deleteAndRefresh, toastError, toastSuccess } from '../../../lib/toasts'
import { texts } from '../../../texts'
import { inboxHref } from '../inboxView'
import { InboxItem } from './InboxItem'

const PAGE_SIZE = 20

type Rows = (items: ContactItem[]) => ReactNode

/** The linked request alone; an erased one is a 404: "no longer exists", not a failure. */
function FocusedRequest({ id, rows }: { id: string; rows: Rows }) {
  const ti = texts.inbox
  const one = useQuery(queryKeys.contacts.one(id), (signal) =>
    getContact(id, signal).then((item) => [item], orNoneOn404),
  )
  return (
    <>
      <p>
        <Link to={inboxHref.view('requests')}>{ti.showAll}</Link>
      </p>
      <ListState query={one} empty={ti.focusedMissing}>
        {rows}
      </ListState>
    </>
  )
}

function RequestList({ page, setPage, rows }: { page: number; setPage: (p: number) => void; rows: Rows }) {
  const ti = texts.inbox
  const list = useQuery(queryKeys.contacts.page(page, PAGE_SIZE), (signal) =>
    listContacts(page, PAGE_SIZE, signal),
  )
  const data = list.data
  useEffect(() => {
    // The last item of a later page was erased: go back one page.
    if (data && data.items.length === 0 && page > 1) setPage(page - 1)
  }, [data, page, setPage])
  return (
    <>
      <PagedList
        query={list}
        empty={ti.empty}
        label={ti.heading}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
      >
        {rows}
      </PagedList>
    </>
  )
}

export function RequestsSection({ focus }: { focus: string | null }) {
  const t = texts
  const ti = t.inbox
  const navigate = useNavigate()
  const [page, setPage] = useState(1)
  const [busyId, setBusyId] = useState<string | null>(null)
  const confirm = useConfirm<ContactItem>()

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
        if (focus) navigate(inboxHref.view('requests'))
      },
      queryKeys.contacts.all,
      { title: ti.erased },
      { title: t.error, fallback: ti.failed },
    )

  const rows = (items: ContactItem[]) => (
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

  return (
    <Section title={ti.heading} lead={ti.lead} id="admin-inbox">
      {focus ? (
        <FocusedRequest id={focus} rows={rows} />
      ) : (
        <RequestList page={page} setPage={setPage} rows={rows} />
      )}
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
