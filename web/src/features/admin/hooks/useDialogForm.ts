import { useEffect, useState } from 'react'
import { useGuardedClose } from '@/lib/useGuardedClose'
import { formChanged } from '@/lib/useUnsavedChanges'

/**
 * Form state of a create/edit dialog: filled from `item` (or `empty`) each time it opens; errors
 * show once submitted. `save(write, onError)`: on success the form is cleared and the dialog closes;
 * on failure `onError` (the toast) runs and the dialog stays open. Closing it with changes asks first.
 */
export function useDialogForm<F, T>({
  open,
  item,
  empty,
  toForm,
  onOpenChange,
}: {
  open: boolean
  item: T | null
  empty: F
  toForm: (item: T) => F
  onOpenChange: (open: boolean) => void
}) {
  const [form, setForm] = useState<F>(empty)
  const [initial, setInitial] = useState<F>(empty)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!open) return
    const filled = item ? toForm(item) : empty
    setForm(filled)
    setInitial(filled)
    setSubmitted(false)
  }, [open, item, empty, toForm])

  const set = <K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value }))
  /** Shows another version of the item (a reload after an edit conflict): the form and its baseline. */
  const reset = (next: T) => {
    const filled = toForm(next)
    setForm(filled)
    setInitial(filled)
  }

  async function save(write: () => Promise<void>, onError: (err: unknown) => void) {
    setSaving(true)
    try {
      await write()
      setForm(empty)
      setSubmitted(false)
      onOpenChange(false)
    } catch (err) {
      onError(err)
    } finally {
      setSaving(false)
    }
  }
  // Closing with edits asks first (guard.close for Cancel, guard.onOpenChange for the dialog root).
  const guard = useGuardedClose(open && formChanged(form, initial), onOpenChange)
  return { form, set, reset, submitted, setSubmitted, saving, save, guard }
}
