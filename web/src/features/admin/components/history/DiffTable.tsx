// The history's field-by-field comparison (issue 49 #8), shared: a History entry beside the current
// version, and the post and page editors' side by side (issue 47 #4: the source as it was
// translated beside the source now). Values read in the admin's words: plain text, dates, yes/no, "(empty)".
import { plainText } from '@site/contracts/text'
import { localDateTime } from '../../lib/localTime'
import { texts } from '../../texts'

const MOMENTS = new Set(['publish_at', 'unpublish_at'])
const MAX_CHARS = 400

/** One value as the admin reads it (a body as its plain text, at most 400 characters). */
export function shownValue(field: string, value: unknown): string {
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

export interface DiffRow {
  field: string
  label: string
  then: unknown
  now: unknown
}

/** A table of the rows that differ: the field, its value then and now. */
export function DiffTable({
  rows,
  thenLabel,
  nowLabel,
  testId,
}: {
  rows: DiffRow[]
  thenLabel: string
  nowLabel: string
  testId?: string
}) {
  return (
    <table className="admin-history__diff" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">{thenLabel}</th>
          <th scope="col">{nowLabel}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.field}>
            <th scope="row">{r.label}</th>
            <td>{shownValue(r.field, r.then)}</td>
            <td>{shownValue(r.field, r.now)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
