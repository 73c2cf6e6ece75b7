// App-wide dialogs opened from several places (top bar, hero, admin guard). The dialogs are mounted
// once in the root layout; any feature opens them through this store instead of importing them.
import { create } from 'zustand'

export type AppDialog = 'login' | 'contact'

interface DialogsState {
  open: Record<AppDialog, boolean>
  setOpen: (dialog: AppDialog, open: boolean) => void
  openDialog: (dialog: AppDialog) => void
  closeDialog: (dialog: AppDialog) => void
}

export const useDialogs = create<DialogsState>()((set) => ({
  open: { login: false, contact: false },
  setOpen: (dialog, open) => set((s) => ({ open: { ...s.open, [dialog]: open } })),
  openDialog: (dialog) => set((s) => ({ open: { ...s.open, [dialog]: true } })),
  closeDialog: (dialog) => set((s) => ({ open: { ...s.open, [dialog]: false } })),
}))
