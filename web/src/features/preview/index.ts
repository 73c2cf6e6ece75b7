// Pages opened through a preview link (docs/editorial.md): their own chunk, loaded only by them.
import { lazy } from 'react'

export const PostPreview = lazy(() =>
  import('./components/PostPreview').then((m) => ({ default: m.PostPreview })),
)
