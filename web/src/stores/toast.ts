// Toasts (spec §2/§9): at most 1 shown at a time (a new one replaces it), 5000 ms by default,
// a dismissed toast is removed from the store after 1000000 ms (it stays closed until then).
// `toast({ title, description, variant: 'destructive' })` from anywhere, React or not.
import { create } from 'zustand'

export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000
export const TOAST_REMOVE_DELAY_MS = 1_000_000

export type ToastVariant = 'default' | 'destructive'

export interface ToastInput {
  title?: string
  description?: string
  variant?: ToastVariant
  /** ms; default 5000. */
  duration?: number
}

export interface ToastItem extends ToastInput {
  id: string
  open: boolean
}

interface ToastState {
  toasts: ToastItem[]
  show: (input: ToastInput) => string
  dismiss: (id?: string) => void
  remove: (id: string) => void
}

const removeTimers = new Map<string, ReturnType<typeof setTimeout>>()
let counter = 0

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (input) => {
    const id = `toast_${++counter}`
    set((s) => ({ toasts: [{ ...input, id, open: true }, ...s.toasts].slice(0, TOAST_LIMIT) }))
    return id
  },
  dismiss: (id) => {
    for (const t of get().toasts) {
      if ((id === undefined || t.id === id) && !removeTimers.has(t.id)) {
        removeTimers.set(
          t.id,
          setTimeout(() => get().remove(t.id), TOAST_REMOVE_DELAY_MS),
        )
      }
    }
    set((s) => ({
      toasts: s.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
    }))
  },
  remove: (id) => {
    const timer = removeTimers.get(id)
    if (timer) clearTimeout(timer)
    removeTimers.delete(id)
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }))
  },
}))

/** Shows a toast; returns its id. */
export function toast(input: ToastInput): string {
  return useToastStore.getState().show(input)
}
