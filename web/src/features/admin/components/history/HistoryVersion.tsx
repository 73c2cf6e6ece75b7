// One History entry opened (issue 49 #8): the version as it was saved, field by field beside the
// current one, only where they differ, in the admin's words ("Dutch text", not content_nl); its
// Restore is one click further, after the admin has seen what comes back.
import type { RevisionDetail } from '@site/contracts'
import { RotateCcw } from 'lucide-react'
import { getRevision } from '@/api/editorial'
import { Button } from '@/components'
import { useQuery } from '@/lib/query'
import { fieldLabel } from '../../texts/editorial'
import { texts } from '../../texts'
import { DiffTable } from './DiffTable'

/** Bookkeeping fields: not what an admin changes. */
const HIDDEN = new Set([
  'id',
  '_id',
  '__v',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  'untranslated',
])
/** The fields whose values differ between two snapshots, in the version's order. */
function differences(version: Record<string, unknown>, current: Record<string, unknown>) {
  const keys = [...new Set([...Object.keys(version), ...Object.keys(current)])].filter((k) => !HIDDEN.has(k))
  return keys.filter((k) => JSON.stringify(version[k] ?? null) !== JSON.stringify(current[k] ?? null))
}

export function HistoryVersion({
  path,
  id,
  currentId,
  when,
  busy,
  onRestore,
}: {
  path: string
  id: string
  currentId: string
  when: string
  busy: boolean
  onRestore: () => void
}) {
  const th = texts.history
  const version = useQuery<RevisionDetail>(['revision', path, id], () => getRevision(path, id))
  const current = useQuery<RevisionDetail>(['revision', path, currentId], () => getRevision(path, currentId))
  if (version.isError || current.isError) return <p role="alert">{th.loadError}</p>
  if (!version.data || !current.data) return <p role="status">{texts.loading}</p>
  const was = version.data.snapshot
  const is = current.data.snapshot
  const fields = differences(was, is)
  return (
    <section className="admin-history__version" aria-label={th.versionOf(when)} data-testid="history-version">
      {fields.length === 0 ? (
        <p>{th.noDifference}</p>
      ) : (
        <DiffTable
          rows={fields.map((f) => ({ field: f, label: fieldLabel(f), then: was[f], now: is[f] }))}
          thenLabel={th.thisVersion}
          nowLabel={th.now}
        />
      )}
      <Button variant="outline" size="sm" disabled={busy} onClick={onRestore}>
        <RotateCcw size={14} aria-hidden /> {th.restoreThis}
      </Button>
    </section>
  )
}
