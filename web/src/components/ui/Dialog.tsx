import * as RadixDialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

/** Radix dialog root: <Dialog open onOpenChange>…<DialogContent title>…</DialogContent></Dialog>. */
export const Dialog = RadixDialog.Root
export const DialogTrigger = RadixDialog.Trigger
export const DialogClose = RadixDialog.Close

export interface DialogContentProps {
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** sm 420px, md 560px (default), lg 760px: wider forms (blog post dialog). */
  size?: 'sm' | 'md' | 'lg'
  className?: string
  /** Label of the close (X) button; default "Close". */
  closeLabel?: string
  /** Where focus goes on close (Radix's onCloseAutoFocus: preventDefault and focus another element). */
  onCloseAutoFocus?: (event: Event) => void
}

/** Overlay + centred panel with title, optional description, a close button; focus is trapped, Esc closes. */
export function DialogContent({
  title,
  description,
  children,
  size = 'md',
  className,
  closeLabel = 'Close',
  onCloseAutoFocus,
}: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="dialog__overlay" />
      <RadixDialog.Content
        className={cn('dialog', `dialog--${size}`, className)}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="dialog__header">
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
          ) : null}
        </div>
        <div className="dialog__body">{children}</div>
        <RadixDialog.Close className="dialog__close" aria-label={closeLabel}>
          <X size={18} aria-hidden />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  )
}
