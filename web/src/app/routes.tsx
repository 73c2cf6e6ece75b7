// All routes of the app (spec §2), in one place, shared by the browser's router (router.tsx) and the
// server renderer (entry-server.tsx). Dutch pages keep the spec's paths; the same pages in English
// and German live under /en and /de. Pages come from their features; / is in the entry
// chunk, the other pages are React.lazy exports of their features (own chunks, <Suspense> in
// RootLayout); /admin is lazy-loaded too and guarded: signed-out visitors get the login dialog.
import type { RouteObject } from 'react-router-dom'
import { BlogListPage, BlogPostPage } from '@/features/blog'
import { CmsPage } from '@/features/pages'
import { ProjectsPage } from '@/features/projects'
import { RootLayout } from './layout/RootLayout'
import { AdminRoute } from './routes/AdminRoute'
import { HomeRoute } from './routes/HomeRoute'
import { NotFoundPage, RouteError } from './routes/NotFound'

const pages = (): RouteObject[] => [
  { index: true, element: <HomeRoute /> },
  { path: 'projects', element: <ProjectsPage /> },
  { path: 'blog', element: <BlogListPage /> },
  { path: 'blog/:slug', element: <BlogPostPage /> },
  { path: 'pages/:slug', element: <CmsPage /> },
  { path: 'admin', element: <AdminRoute /> },
  { path: '*', element: <NotFoundPage /> },
]

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [{ path: 'en', children: pages() }, { path: 'de', children: pages() }, ...pages()],
  },
]
