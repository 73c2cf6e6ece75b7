import { Button } from '@/components'
import { texts } from '../../texts'

/** Cancel and submit buttons of a create/edit dialog ('Saving...' while the write runs). */
export function DialogFormActions({
  onCancel,
  saving,
  busy = saving,
  submitLabel,
}: {
  onCancel: () => void
  saving: boolean
  /** Disables the submit button (default: while saving). */
  busy?: boolean
  submitLabel: string
}) {
  const t = texts
  return (
    <div className="dialog-actions">
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        {t.cancel}
      </Button>
      <Button type="submit" disabled={busy}>
        {saving ? t.saving : submitLabel}
      </Button>
    </div>
  )
}
