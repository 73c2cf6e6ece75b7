// The Audit log tab (docs/security.md "Audit trail"): sign-ins, credential changes and every change
// to the site, newest first, a page at a time, filtered by who, what kind, which action and a text
// in the target's name. Times in the admin's own zone.
import { useState, type FormEvent } from 'react'
import type { AuditQuery } from '@site/contracts'
import {
  CHANGE_ACTIONS,
  CHANGE_KINDS,
  type ChangeAction,
  type ChangeKind,
} from '@site/contracts/change-names'
import { Input } from '@/components'
import { useQuery } from '@/lib/query'
import { listAudit } from '@/api/editorial'
import { AdminTable } from '../../components/list/AdminTable'
import { Choice, Field, FilterForm } from '../../components/list/FilterForm'
import { PagedList } from '../../components/list/PagedList'
import { Section } from '../../components/list/Section'
import { localDateTime } from '../../lib/localTime'
import { texts } from '../../texts'

const PAGE_SIZE = 20
// 'baseline' is the state kept before a document's first recorded write, never an admin's action.
const ACTIONS = CHANGE_ACTIONS.filter((action) => action !== 'baseline')
type Filters = { actor: string; kind: '' | ChangeKind; action: '' | ChangeAction; q: string }
const NONE: Filters = { actor: '', kind: '', action: '', q: '' }

export function AuditTab() {
  const ta = texts.audit
  const [draft, setDraft] = useState<Filters>(NONE)
  const [filters, setFilters] = useState<Filters>(NONE)
  const [page, setPage] = useState(1)
  const query: AuditQuery = {
    page,
    pageSize: PAGE_SIZE,
    actor: filters.actor.trim() || undefined,
    kind: filters.kind || undefined,
    action: filters.action || undefined,
    q: filters.q.trim() || undefined,
  }
  const list = useQuery(['audit', query], (signal) => listAudit(query, signal))
  const apply = (e: FormEvent) => {
    e.preventDefault()
    setFilters(draft)
    setPage(1)
  }
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }))

  return (
    <Section title={ta.heading} id="admin-audit">
      <p className="admin-muted">{ta.intro}</p>
      <FilterForm label={ta.heading} search submit={ta.apply} onSubmit={apply}>
        <Field id="audit-actor" label={ta.actor}>
          <Input id="audit-actor" value={draft.actor} onChange={(e) => set('actor', e.target.value)} />
        </Field>
        <Field id="audit-kind" label={ta.kind}>
          <Choice
            id="audit-kind"
            value={draft.kind}
            values={CHANGE_KINDS}
            any={ta.any}
            onChange={(v) => set('kind', v)}
          />
        </Field>
        <Field id="audit-action" label={ta.action}>
          <Choice
            id="audit-action"
            value={draft.action}
            values={ACTIONS}
            any={ta.any}
            onChange={(v) => set('action', v)}
          />
        </Field>
        <Field id="audit-q" label={ta.search}>
          <Input id="audit-q" value={draft.q} onChange={(e) => set('q', e.target.value)} />
        </Field>
      </FilterForm>
      <PagedList
        query={list}
        empty={ta.empty}
        label={ta.heading}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
      >
        {(entries) => (
          <AdminTable columns={Object.values(ta.columns)} testId="audit-table">
            {entries.map((e) => (
              <tr key={e.id} data-testid="audit-entry">
                <td>
                  <time dateTime={e.at}>{localDateTime(e.at, true)}</time>
                </td>
                <td>{e.actor.name}</td>
                <td>
                  {e.kind} {e.action}
                  {e.fields.length ? <span className="admin-muted"> ({e.fields.join(', ')})</span> : null}
                </td>
                <td>{e.target.label ?? e.target.id ?? ''}</td>
                <td>{e.ip ?? ''}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </PagedList>
    </Section>
  )
}
