// One History entry opened (issue 49 #8): the version as it was saved, field by field beside the
// current one, only where they differ, in the admin's words ("Dutch text", not content_nl); its
// Restore is one click further, after the admin has seen what comes back.
import type { RevisionDetail } from '@site/contracts'
import { plainText } from '@site/contracts/text'
import { RotateCcw } from 'lucide-react'
import { getRevision } from '@/api/editorial'
import { Button } from '@/components'
import { useQuery } from '@/lib/query'
import { fieldLabel } from '../../texts/editorial'
import { localDateTime } from '../../lib/localTime'
import { texts } from '../../texts'

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
const MOMENTS = new Set(['publish_at', 'unpublish_at'])
const MAX_CHARS = 400

function shown(field: string, value: unknown): string {
  const th = texts.history
  if (value === null || value === undefined || value === '') return th.none
  if (typeof value === 'boolean') return value ? th.yes : th.no
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : th.none
  if (typeof value === 'string') {
    if (MOMENTS.has(field)) return localDateTime(value)
    const text = plainText(value)
    return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text
  }
  return JSON.stringify(value)
}

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
        <table className="admin-history__diff">
          <thead>
            <tr>
              <th scope="col" />
              <th scope="col">{th.thisVersion}</th>
              <th scope="col">{th.now}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f}>
                <th scope="row">{fieldLabel(f)}</th>
                <td>{shown(f, was[f])}</td>
                <td>{shown(f, is[f])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Button variant="outline" size="sm" disabled={busy} onClick={onRestore}>
        <RotateCcw size={14} aria-hidden /> {th.restoreThis}
      </Button>
    </section>
  )
}
