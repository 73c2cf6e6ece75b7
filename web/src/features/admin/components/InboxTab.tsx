// Inbox tab: the consultation requests sent through the contact forms (GET /api/contacts, newest
// first, paged), mark handled / open (PATCH), erase with confirmation (DELETE: personal data erased).
import { Check, Mail, RotateCcw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Badge, Button, Skeleton } from '@/components'
import { errorMessage } from '@/lib/api'
import { mailtoHref } from '@/lib/mailto'
import { invalidateQueries, useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { formatDate, useLanguage, useT } from '@/i18n'
import type { ContactItem } from '@site/contracts'
import { deleteContact, listContacts, setContactHandled } from '@/api/contacts'
import { ConfirmDialog } from './dialog/ConfirmDialog'
import { deleteAndRefresh, toastError, toastSuccess } from '../lib/toasts'
import { Pager } from './list/Pager'
import { Section } from './list/Section'
import { useConfirm } from '../hooks/useConfirm'

const PAGE_SIZE = 20

export function InboxTab() {
  const t = useT().admin
  const ti = t.inbox
  const { language } = useLanguage()
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
          <li
            key={item.id}
            className={`admin-row admin-row--stack${item.handled ? ' admin-row--done' : ''}`}
            data-testid="inbox-item"
          >
            <article aria-labelledby={`inbox-${item.id}-name`} className="admin-inbox">
              <header className="admin-row__title">
                <h3 id={`inbox-${item.id}-name`} className="admin-inbox__name">
                  {item.name}
                </h3>
                <Badge variant={item.handled ? 'success' : 'warning'}>
                  {item.handled ? ti.handled : ti.open}
                </Badge>
                {item.notification?.status ? (
                  <Badge
                    variant={item.notification.status === 'failed' ? 'destructive' : 'outline'}
                    title={item.notification.lastError ?? undefined}
                  >
                    {ti.notificationStatus[item.notification.status] ?? item.notification.status}
                  </Badge>
                ) : null}
              </header>
              <dl className="admin-inbox__meta">
                <div>
                  <dt>{ti.received}</dt>
                  <dd>
                    <time dateTime={item.created_at}>
                      {formatDate(item.created_at, language, {
                        year: 'numeric',
                        month: 'long',
                        day: 'numeric',
                        hour: '2-digit',
                        minute: '2-digit',
                      })}
                    </time>
                  </dd>
                </div>
                <div>
                  <dt>{ti.email}</dt>
                  <dd>
                    <a href={mailtoHref(item.email)}>{item.email}</a>
                  </dd>
                </div>
                {item.phone ? (
                  <div>
                    <dt>{ti.phone}</dt>
                    <dd>
                      <a href={`tel:${item.phone}`}>{item.phone}</a>
                    </dd>
                  </div>
                ) : null}
                {item.company ? (
                  <div>
                    <dt>{ti.company}</dt>
                    <dd>{item.company}</dd>
                  </div>
                ) : null}
                {item.language ? (
                  <div>
                    <dt>{ti.language}</dt>
                    <dd>{item.language}</dd>
                  </div>
                ) : null}
              </dl>
              <p className="admin-inbox__message">{item.message}</p>
              <div className="admin-row__actions">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void toggle(item)}
                  disabled={busyId === item.id}
                  aria-label={`${item.handled ? ti.markOpen : ti.markHandled}: ${item.name}`}
                >
                  {item.handled ? <RotateCcw size={14} aria-hidden /> : <Check size={14} aria-hidden />}{' '}
                  {item.handled ? ti.markOpen : ti.markHandled}
                </Button>
                <a
                  className="btn btn--ghost btn--sm"
                  href={mailtoHref(item.email)}
                  aria-label={`${ti.reply}: ${item.name}`}
                >
                  <Mail size={14} aria-hidden /> {ti.reply}
                </a>
                <Button
                  variant="outline"
                  size="sm"
                  className="admin-danger"
                  onClick={() => confirm.ask(item)}
                  disabled={busyId === item.id}
                  aria-label={`${ti.erase}: ${item.name}`}
                >
                  <Trash2 size={14} aria-hidden /> {ti.erase}
                </Button>
              </div>
            </article>
          </li>
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
