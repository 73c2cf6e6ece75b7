// Code-split: /pages/:slug is its own chunk, loaded when the route is first shown.
import { lazy } from 'react'

export const CmsPage = lazy(() => import('./components/CmsPage').then((m) => ({ default: m.CmsPage })))
export const PagePreview = lazy(() =>
  import('./components/PagePreview').then((m) => ({ default: m.PagePreview })),
)
