// Which forms hold unsaved edits. Each form reports its own state with useUnsavedChanges, which
// also arms the browser's own "Leave site?" question on reload or closing the tab. The admin's one
// UnsavedChangesGuard reads them all to ask before a link leaves the dashboard (a router allows a
// single blocker at a time, so the forms share it).
import { useEffect, useSyncExternalStore } from 'react'

const dirtyForms = new Set<symbol>()
const listeners = new Set<() => void>()
const notify = () => listeners.forEach((listener) => listener())
const warn = (event: BeforeUnloadEvent) => event.preventDefault()

/** Marks the calling form as holding unsaved changes while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return
    const form = Symbol('form')
    dirtyForms.add(form)
    notify()
    window.addEventListener('beforeunload', warn)
    return () => {
      dirtyForms.delete(form)
      notify()
      if (dirtyForms.size === 0) window.removeEventListener('beforeunload', warn)
    }
  }, [dirty])
}

/**
 * The person chose to discard every unsaved edit (the guard's "Discard changes"): the reload/close
 * warning goes at once, not when the forms unmount. Until the next page has rendered, the old one
 * can stay mounted (hidden while the new one suspends), and it must not warn about edits already
 * given up.
 */
export function discardUnsavedChanges() {
  dirtyForms.clear()
  window.removeEventListener('beforeunload', warn)
  notify()
}

/** Whether any form holds unsaved changes. */
export function useAnyUnsavedChanges() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => dirtyForms.size > 0,
    () => false,
  )
}

/** Whether a form differs from what it was filled with (forms are plain, JSON-like values). */
export const formChanged = <F>(form: F, initial: F) => JSON.stringify(form) !== JSON.stringify(initial)
