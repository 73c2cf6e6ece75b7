// The blog pages are code-split: each page is its own chunk, loaded when its route is first shown
// (the router wraps the pages in <Suspense>); `/` downloads none of it.
import { lazy } from 'react'

export const BlogListPage = lazy(() =>
  import('./components/BlogListPage').then((m) => ({ default: m.BlogListPage })),
)
export const PostPreview = lazy(() =>
  import('./components/PostPreview').then((m) => ({ default: m.PostPreview })),
)
export const BlogPostPage = lazy(() =>
  import('./components/BlogPostPage').then((m) => ({ default: m.BlogPostPage })),
)
