import { useEffect } from 'react'
import { useBlocker } from 'react-router-dom'
import { useAnyUnsavedChanges } from '../../hooks/useUnsavedChanges'
import { DiscardChangesDialog } from './DiscardChangesDialog'

/**
 * While an admin form holds unsaved changes: a link or Back to another page asks first (our
 * dialog), and a reload or closing the tab gets the browser's own "Leave site?" question.
 */
export function UnsavedChangesGuard() {
  const dirty = useAnyUnsavedChanges()
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  )

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  return (
    <DiscardChangesDialog
      open={blocker.state === 'blocked'}
      onKeep={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  )
}
