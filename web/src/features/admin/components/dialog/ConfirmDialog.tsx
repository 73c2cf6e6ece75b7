import { useState, type ReactNode } from 'react'
import { Button, Dialog, DialogContent } from '@/components'
import { useT } from '@/i18n'

/** "Are you sure?" before a delete; stays open (button busy) until the write is done. */
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
  const t = useT().admin
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
    <Dialog open={open} onOpenChange={(o) => (!pending ? onOpenChange(o) : undefined)}>
      <DialogContent title={title ?? t.confirmTitle} description={text} size="sm" closeLabel={t.close}>
        <div className="dialog-actions">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {t.cancel}
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={pending}>
            {pending ? t.deleting : (confirmLabel ?? t.delete)}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
