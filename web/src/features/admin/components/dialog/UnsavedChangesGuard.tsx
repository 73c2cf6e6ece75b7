import { useBlocker } from 'react-router-dom'
import { DiscardChangesDialog } from '@/components/ui/DiscardChangesDialog'
import { discardUnsavedChanges, useAnyUnsavedChanges } from '@/lib/useUnsavedChanges'
import { texts as adminTexts } from '../../texts'

/**
 * While an admin form holds unsaved changes, a link or Back to another page asks first (the
 * forms themselves arm the browser's reload/close warning).
 */
export function UnsavedChangesGuard() {
  const texts = adminTexts.unsavedChanges
  const dirty = useAnyUnsavedChanges()
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  )
  return (
    <DiscardChangesDialog
      open={blocker.state === 'blocked'}
      onKeep={() => blocker.reset?.()}
      onDiscard={() => {
        discardUnsavedChanges()
        blocker.proceed?.()
      }}
      texts={texts}
    />
  )
}
