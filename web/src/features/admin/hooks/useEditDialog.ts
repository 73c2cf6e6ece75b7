// Which item a create/edit dialog shows, and loading the full item before an edit.
import { useState } from 'react'
import { toastError } from '../lib/toasts'
import { texts } from '../texts'

/** Which item the create/edit dialog shows (`null` = a new one); the tab opens it with openNew/openEdit. */
export function useEditDialog<T>() {
  const [dialog, setDialog] = useState<{ open: boolean; item: T | null }>({ open: false, item: null })
  return {
    ...dialog,
    openNew: () => setDialog({ open: true, item: null }),
    openEdit: (item: T) => setDialog({ open: true, item }),
    onOpenChange: (open: boolean) => setDialog((d) => ({ ...d, open })),
  }
}

/**
 * Edit dialogs get the full document (the lists carry summaries): Edit loads it by id, then opens
 * the dialog; a failed load says so in a toast and leaves the dialog closed.
 */
export function useEditFull<S extends { id: string }, F>(load: (id: string) => Promise<F>) {
  const t = texts
  const dialog = useEditDialog<F>()
  const [loadingId, setLoadingId] = useState<string | null>(null)
  async function openEdit(item: S) {
    setLoadingId(item.id)
    try {
      dialog.openEdit(await load(item.id))
    } catch (err) {
      toastError(t.error, err, t.openFailed)
    } finally {
      setLoadingId(null)
    }
  }
  return { ...dialog, openEdit, loadingId }
}
