// The note over a post with machine-translated or untranslated fields, and 'mark as reviewed'.
import { texts } from '../../texts'

export function ReviewNote({
  fields,
  checked,
  onChange,
  disabled,
}: {
  fields: string[]
  checked: boolean
  onChange: (checked: boolean) => void
  disabled: boolean
}) {
  const tb = texts.blog
  return (
    <div className="admin-note admin-note--warning">
      <p>{tb.reviewNote(fields.join(', '))}</p>
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
