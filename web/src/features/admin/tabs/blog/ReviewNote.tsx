// The note over a post with machine-translated or untranslated fields, the glossary rules the
// machine broke in them, and 'mark as reviewed'.
import type { GlossaryIssue } from '@site/contracts'
import { texts } from '../../texts'

export function ReviewNote({
  fields,
  checked,
  onChange,
  disabled,
  issues = [],
}: {
  fields: string[]
  issues?: GlossaryIssue[]
  checked: boolean
  onChange: (checked: boolean) => void
  disabled: boolean
}) {
  const tb = texts.blog
  return (
    <div className="admin-note admin-note--warning">
      <p>{tb.reviewNote(fields.join(', '))}</p>
      {issues.length ? (
        <>
          <p>{texts.agency.issuesNote}</p>
          <ul data-testid="glossary-issues">
            {issues.map((i) => (
              <li key={`${i.field}/${i.kind}/${i.term}`}>{texts.agency.issue(i)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <label className="admin-check">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          disabled={disabled}
        />{' '}
        {tb.markReviewed}
      </label>
    </div>
  )
}
