import { useEffect, useRef, useState } from 'react'
import { isEditConflict } from '@/lib/api'

/** A save refused with 412: the document as it is now, and the fields that differ from the opened one. */
export interface EditConflict<T> {
  current: T
  fields: string[]
}

/** The fields whose value differs between two versions of a document (its times left out). */
export function changedFields(a: object, b: object): string[] {
  const ra = a as Record<string, unknown>
  const rb = b as Record<string, unknown>
  return [...new Set([...Object.keys(ra), ...Object.keys(rb)])]
    .filter(
      (k) => k !== 'updated_at' && k !== 'created_at' && JSON.stringify(ra[k]) !== JSON.stringify(rb[k]),
    )
    .sort()
}

/**
 * Concurrent edits (issue 45): the version of `doc` the dialog's save goes over (its If-Match).
 * When a save is refused because someone saved meanwhile, `caught` loads the document as it is now
 * and shows what they changed; the editor then reloads their version or overwrites it knowingly.
 */
export function useEditConflict<T extends object>(open: boolean, doc: T | null, load: () => Promise<T>) {
  const base = useRef<T | null>(doc)
  const [conflict, setConflict] = useState<EditConflict<T> | null>(null)
  useEffect(() => {
    if (!open) return
    base.current = doc
    setConflict(null)
  }, [open, doc])

  return {
    conflict,
    /** The version the next save goes over. */
    base: () => base.current,
    /** After a failed save: true when it was an edit conflict (then the note shows instead of a toast). */
    async caught(err: unknown): Promise<boolean> {
      if (!isEditConflict(err) || !base.current) return false
      const current = await load()
      setConflict({ current, fields: changedFields(base.current, current) })
      return true
    },
    /** Takes their version: answers it, for the form to show; the next save goes over it. */
    reload(): T | null {
      const current = conflict?.current ?? null
      if (current) base.current = current
      setConflict(null)
      return current
    },
    /** A write of the document from this editor that answered its new version (a page's language published). */
    rebase(doc: T) {
      base.current = doc
    },
    /** Overwrites knowingly: the next save goes over their version (it was shown). */
    overwrite() {
      if (conflict) base.current = conflict.current
      setConflict(null)
    },
  }
}
