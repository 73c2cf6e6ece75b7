import { useState } from 'react'
import { useUnsavedChanges } from './useUnsavedChanges'

/**
 * Closing a create/edit dialog with unsaved changes (Cancel, Escape, the close button, an outside
 * click) asks first; `discard` goes to a <DiscardChangesDialog>. Saving closes through
 * `onOpenChange` directly, so it never asks.
 */
export function useGuardedClose(dirty: boolean, onOpenChange: (open: boolean) => void) {
  const [asking, setAsking] = useState(false)
  useUnsavedChanges(dirty)
  const close = () => (dirty ? setAsking(true) : onOpenChange(false))
  return {
    close,
    onOpenChange: (open: boolean) => (open ? onOpenChange(true) : close()),
    discard: {
      open: asking,
      onKeep: () => setAsking(false),
      onDiscard: () => {
        setAsking(false)
        onOpenChange(false)
      },
    },
  }
}
