import { useT } from '@/i18n'
import { AlertDialogBox } from './AlertDialogBox'

/** "Discard unsaved changes?" before a form with edits closes or the page is left. */
export function DiscardChangesDialog({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean
  onKeep: () => void
  onDiscard: () => void
}) {
  const t = useT().admin.unsavedChanges
  return (
    <AlertDialogBox
      open={open}
      onOpenChange={(o) => (!o ? onKeep() : undefined)}
      title={t.title}
      text={t.text}
      cancelLabel={t.keep}
      actionLabel={t.discard}
      onAction={onDiscard}
    />
  )
}
