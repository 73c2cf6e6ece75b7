import { useState, type ReactNode } from 'react'
import { AlertDialogBox } from '@/components/ui/AlertDialog'
import { texts } from '../../texts'

/** "Are you sure?" before a delete; stays open (buttons busy) until the write is done. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title?: string
  text: ReactNode
  confirmLabel?: string
  onConfirm: () => Promise<unknown>
}) {
  const t = texts
  const [pending, setPending] = useState(false)
  async function confirm() {
    setPending(true)
    try {
      await onConfirm()
      onOpenChange(false)
    } catch {
      // the caller showed the error toast; the dialog stays so the user can retry or cancel
    } finally {
      setPending(false)
    }
  }
  return (
    <AlertDialogBox
      open={open}
      onOpenChange={onOpenChange}
      title={title ?? t.confirmTitle}
      text={text}
      cancelLabel={t.cancel}
      actionLabel={pending ? t.deleting : (confirmLabel ?? t.delete)}
      onAction={() => void confirm()}
      busy={pending}
    />
  )
}
