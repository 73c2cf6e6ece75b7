// Global CSS first, so the features' own CSS (imported by their components, some in lazy chunks)
// comes later in the cascade and can refine the shared classes (.container, .page...).
import './styles/index.css'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { seedQueryCache } from '@/lib/query'
import { reloadOnNewBuild } from '@/lib/reloadOnNewBuild'
import { setSiteOrigin } from '@/lib/siteOrigin'
import { App } from './app/App'
import { setBootState } from './app/bootState'
import { createAppRouter } from './app/router'
import { SSR_DATA_ID, type SsrPayload } from './app/ssrPayload'

function readPayload(): SsrPayload | null {
  const text = document.getElementById(SSR_DATA_ID)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as SsrPayload
  } catch {
    return null
  }
}

reloadOnNewBuild()

const payload = readPayload()
const container = document.getElementById('root')!
const app = (
  <App>
    <RouterProvider router={createAppRouter(payload ? { loaderData: payload.loaderData } : undefined)} />
  </App>
)
if (payload) {
  // A server-rendered public page: start from the data it was rendered with, then hydrate it.
  seedQueryCache(payload.queries)
  setBootState({ status: payload.status, path: payload.path, session: payload.session })
  setSiteOrigin(payload.origin ?? '')
  // In a transition, hydration is time-sliced: React yields to the browser every few milliseconds
  // instead of hydrating the whole page in one long task (the page is already painted and readable,
  // and a click meanwhile hydrates its part first).
  startTransition(() => {
    hydrateRoot(container, app, {
      // A server/browser mismatch re-renders in the browser; say so (the browser tests fail on it).
      onRecoverableError: (err) => console.error('hydration:', err),
    })
  })
} else {
  // The admin (and the dev server): rendered in the browser only.
  createRoot(container).render(app)
}
