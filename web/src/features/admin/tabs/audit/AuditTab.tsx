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
import { Button, Input, Label } from '@/components'
import { useQuery } from '@/lib/query'
import { listAudit } from '@/api/editorial'
import { ListState } from '../../components/list/ListState'
import { Section } from '../../components/list/Section'
import { Pager } from '../../components/list/Pager'
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
      <form className="admin-audit__filters" onSubmit={apply} role="search" aria-label={ta.heading}>
        <div>
          <Label htmlFor="audit-actor">{ta.actor}</Label>
          <Input id="audit-actor" value={draft.actor} onChange={(e) => set('actor', e.target.value)} />
        </div>
        <div>
          <Label htmlFor="audit-kind">{ta.kind}</Label>
          <select
            id="audit-kind"
            className="input"
            value={draft.kind}
            onChange={(e) => set('kind', e.target.value as Filters['kind'])}
          >
            <option value="">{ta.any}</option>
            {CHANGE_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="audit-action">{ta.action}</Label>
          <select
            id="audit-action"
            className="input"
            value={draft.action}
            onChange={(e) => set('action', e.target.value as Filters['action'])}
          >
            <option value="">{ta.any}</option>
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="audit-q">{ta.search}</Label>
          <Input id="audit-q" value={draft.q} onChange={(e) => set('q', e.target.value)} />
        </div>
        <Button type="submit">{ta.apply}</Button>
      </form>
      <ListState query={list} empty={ta.empty}>
        {(entries) => (
          <table className="admin-audit" data-testid="audit-table">
            <thead>
              <tr>
                {Object.values(ta.columns).map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        )}
      </ListState>
      <Pager
        label={ta.heading}
        page={page}
        pageSize={PAGE_SIZE}
        total={list.data?.total ?? 0}
        busy={list.isFetching}
        onPage={setPage}
      />
    </Section>
  )
}
