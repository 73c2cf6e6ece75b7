// App-wide dialogs opened from several places (top bar, hero, admin guard). The dialogs are mounted
// once in the root layout; any feature opens them through this store instead of importing them.
import { create } from 'zustand'

export type AppDialog = 'login' | 'contact'

interface DialogsState {
  open: Record<AppDialog, boolean>
  /** The control that opened each dialog: focus returns there when it closes. */
  opener: Record<AppDialog, HTMLElement | null>
  setOpen: (dialog: AppDialog, open: boolean) => void
  /** Opens `dialog`; focus returns to `opener` on close (default: the focused element now). */
  openDialog: (dialog: AppDialog, opener?: HTMLElement | null) => void
  closeDialog: (dialog: AppDialog) => void
}

const focused = (): HTMLElement | null =>
  typeof document !== 'undefined' &&
  document.activeElement instanceof HTMLElement &&
  document.activeElement !== document.body
    ? document.activeElement
    : null

export const useDialogs = create<DialogsState>()((set) => ({
  open: { login: false, contact: false },
  opener: { login: null, contact: null },
  setOpen: (dialog, open) => set((s) => ({ open: { ...s.open, [dialog]: open } })),
  openDialog: (dialog, opener) =>
    set((s) => ({
      open: { ...s.open, [dialog]: true },
      opener: { ...s.opener, [dialog]: opener ?? focused() },
    })),
  closeDialog: (dialog) => set((s) => ({ open: { ...s.open, [dialog]: false } })),
}))

/**
 * For a dialog's onCloseAutoFocus: focus goes back to the control that opened `dialog` (Radix
 * would focus its trigger, and these dialogs have none: focus fell to <body>).
 */
export function returnFocus(dialog: AppDialog) {
  return (event: Event) => {
    const el = useDialogs.getState().opener[dialog]
    if (!el?.isConnected) return
    event.preventDefault()
    el.focus()
  }
}
