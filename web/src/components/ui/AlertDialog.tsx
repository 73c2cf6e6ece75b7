import * as AlertDialog from '@radix-ui/react-alert-dialog'
import type { ReactNode } from 'react'
import { Button } from '@/components'

/**
 * A question that needs an answer (role alertdialog): an outside click does not dismiss it, Escape
 * and the cancel button answer "no", and focus starts on cancel, the safe choice.
 */
export function AlertDialogBox({
  open,
  onOpenChange,
  title,
  text,
  cancelLabel,
  actionLabel,
  onAction,
  busy = false,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  text: ReactNode
  cancelLabel: string
  actionLabel: string
  onAction: () => void
  /** The action runs: both buttons are disabled and Escape does nothing. */
  busy?: boolean
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => (!busy ? onOpenChange(o) : undefined)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog dialog--sm">
          <div className="dialog__header">
            <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
            <AlertDialog.Description className="dialog__description">{text}</AlertDialog.Description>
          </div>
          <div className="dialog__body">
            <div className="dialog-actions">
              <AlertDialog.Cancel asChild>
                <Button variant="outline" disabled={busy}>
                  {cancelLabel}
                </Button>
              </AlertDialog.Cancel>
              {/* Not AlertDialog.Action: that one would close before an async action is done. */}
              <Button variant="destructive" onClick={onAction} disabled={busy}>
                {actionLabel}
              </Button>
            </div>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
