import { AlertDialogBox } from './AlertDialog'

/** The texts of the question; each area brings its own wording (the admin's is English only). */
export interface DiscardTexts {
  title: string
  text: string
  keep: string
  discard: string
}

/** "Discard unsaved changes?" before a form with edits closes or the page is left. */
export function DiscardChangesDialog({
  open,
  onKeep,
  onDiscard,
  texts,
}: {
  open: boolean
  onKeep: () => void
  onDiscard: () => void
  texts: DiscardTexts
}) {
  return (
    <AlertDialogBox
      open={open}
      onOpenChange={(o) => (!o ? onKeep() : undefined)}
      title={texts.title}
      text={texts.text}
      cancelLabel={texts.keep}
      actionLabel={texts.discard}
      onAction={onDiscard}
    />
  )
}
