import { useEffect, type ReactNode } from 'react'
import { useAuth } from '@/stores/auth'
import { getBootState } from '../bootState'

/**
 * App-wide providers and boot work: the first current-user read (skipped when the server saw no
 * session cookie). Tooltips get their provider
 * (TooltipProvider with TOOLTIP_DELAY_MS / TOOLTIP_SKIP_DELAY_MS, spec §9) in the code-split chunk
 * that shows them (the blog's share buttons), so Radix Tooltip is not in the first JS of every page.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => {
    // A page served without a session cookie: signed out (spec §4: the current-user call would
    // answer 401), so no call, and no failed request in the console of every visitor.
    if (getBootState().session === false) useAuth.getState().signedOut()
    else void useAuth.getState().refresh()
  }, [])
  return <>{children}</>
}
