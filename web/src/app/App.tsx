import { StrictMode, type ReactNode } from 'react'
import { AppProviders } from './providers/AppProviders'

/** The app around a router: the browser's RouterProvider (main.tsx) or the server's static one (ssr/render.tsx). */
export function App({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders>{children}</AppProviders>
    </StrictMode>
  )
}
