// The note of a save refused because someone else saved the document meanwhile (412, issue 45):
// what they changed, and the two ways on: reload their version, or overwrite it with this form.
import { Button } from '@/components'
import { texts } from '../../texts'
import { fieldLabel } from '../../texts/editorial'

export function EditConflictNote({
  fields,
  busy,
  onReload,
  onOverwrite,
}: {
  fields: string[]
  busy: boolean
  onReload: () => void
  onOverwrite: () => void
}) {
  const tc = texts.conflict
  return (
    <div role="alert" className="admin-note admin-note--warning" data-testid="edit-conflict">
      <p>
        <strong>{tc.title}</strong> {tc.text}
      </p>
      <p>{fields.length ? tc.changed(fields.map(fieldLabel).join(', ')) : tc.nothingVisible}</p>
      <div className="admin-conflict-actions">
        <Button type="button" variant="outline" onClick={onReload} disabled={busy}>
          {tc.reload}
        </Button>
        <Button type="button" variant="destructive" onClick={onOverwrite} disabled={busy}>
          {tc.overwrite}
        </Button>
      </div>
    </div>
  )
}
