import { useEffect, type ReactNode } from 'react'
import { useAuth } from '@/stores/auth'

/**
 * App-wide providers and boot work: the first current-user read. Tooltips get their provider
 * (TooltipProvider with TOOLTIP_DELAY_MS / TOOLTIP_SKIP_DELAY_MS, spec §9) in the code-split chunk
 * that shows them (the blog's share buttons), so Radix Tooltip is not in the first JS of every page.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => {
    void useAuth.getState().refresh()
  }, [])
  return <>{children}</>
}
