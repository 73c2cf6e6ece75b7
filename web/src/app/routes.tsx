// The one route table (spec §2), for the browser's data router (router.tsx) and the web server's
// static handler (ssr/renderer.tsx). A public page is added here, in one place: its path, its
// element, its public reads (@/lib/publicReads), when what was read is a page (else 404), its head
// and the lazy modules it renders (page.ts runs them: awaited on the server, started in the
// browser). Dutch pages keep the spec's paths; the same pages in English and German live under
// /en and /de. / is in the entry chunk, the other pages are React.lazy exports of their features
// (own chunks, <Suspense> in RootLayout); /admin is lazy-loaded too, rendered in the browser only.
import { Suspense } from 'react'
import type { RouteObject } from 'react-router-dom'
import { InvitePage, ResetPage } from '@/features/auth'
import { BlogListPage, BlogPostPage, PostPreview } from '@/features/blog'
import { HOME_PROJECTS, LATEST_POSTS } from '@/features/home'
import { CmsPage, PagePreview } from '@/features/pages'
import { ProjectsPage } from '@/features/projects'
import { pageParam } from '@/lib/pageNumber'
import { bodiesImageSources, postImageSources } from '@/lib/responsiveImages'
import { BLOG_PAGE_SIZE, reads } from '@/lib/publicReads'
import { RootLayout } from './layout/RootLayout'
import { page, type RouteHandle } from './page'
import { AdminRoute } from './pages/AdminRoute'
import { HomeRoute } from './pages/HomeRoute'
import { NotFoundPage, RouteError } from './pages/NotFound'

const BLOG = 'src/features/blog/components'

const pages = (): RouteObject[] => [
  page(
    { index: true, element: <HomeRoute /> },
    {
      reads: () => ({
        content: reads.content(),
        features: reads.features(),
        projects: reads.projects(HOME_PROJECTS),
        posts: reads.publishedPosts(1, LATEST_POSTS),
        pages: reads.pages(),
      }),
      head: (h, { content }) => h.home(content),
      images: ({ projects, posts }) => [
        ...projects.map((p) => p.image_url),
        ...posts.items.map((p) => p.featured_image),
      ],
    },
  ),
  page(
    { path: 'projects', element: <ProjectsPage /> },
    {
      reads: () => ({ projects: reads.projects() }),
      head: (h) => h.projects(),
      images: ({ projects }) => projects.map((p) => p.image_url),
      chunks: ['src/features/projects/components/ProjectsPage.tsx'],
    },
  ),
  page(
    { path: 'blog', element: <BlogListPage /> },
    {
      reads: ({ search }) => {
        const n = pageParam(search)
        return n === null ? null : { posts: reads.publishedPosts(n, BLOG_PAGE_SIZE) }
      },
      // A page past the last one does not exist (page 1 of an empty blog does: "no posts yet").
      found: ({ posts }) => posts.page === 1 || (posts.page - 1) * posts.pageSize < posts.total,
      head: (h, { posts }) => h.blog(posts.page),
      images: ({ posts }) => posts.items.map((p) => p.featured_image),
      chunks: [`${BLOG}/BlogListPage.tsx`],
    },
  ),
  page(
    { path: 'blog/:slug', element: <BlogPostPage /> },
    {
      reads: ({ params }) => ({ post: reads.post(params.slug ?? '') }),
      found: ({ post }) => post !== null,
      head: (h, { post }) => h.post(post!),
      images: ({ post }) => postImageSources(post),
      notFound: (h) => h.notFound(h.t.blog.notFound, h.t.blog.notFoundText),
      chunks: [`${BLOG}/BlogPostPage.tsx`, `${BLOG}/ShareButtons.tsx`],
    },
  ),
  page(
    { path: 'pages/:slug', element: <CmsPage /> },
    {
      reads: ({ params }) => ({ page: reads.page(params.slug ?? '') }),
      found: ({ page }) => page?.published === true,
      head: (h, { page }) => h.cms(page!),
      images: ({ page }) => bodiesImageSources(page),
      notFound: (h) => h.notFound(h.t.pages.notFound, h.t.pages.notFoundText),
      chunks: ['src/features/pages/components/CmsPage.tsx'],
    },
  ),
  // A preview link (docs/editorial.md): the post as saved now, draft or not, for the link's holder.
  page(
    { path: 'preview/blog/:token', element: <PostPreview /> },
    {
      reads: ({ params }) => ({ post: reads.previewPost(params.token ?? '') }),
      found: ({ post }) => post !== null,
      // Not indexed, and no canonical or language links: the public URL of a draft is a 404.
      head: (h, { post }) => ({ ...h.post(post!), noindex: true, canonical: null, alternates: [] }),
      images: ({ post }) => postImageSources(post),
      notFound: (h) => ({ ...h.notFound(h.t.preview.gone, h.t.preview.goneText), noindex: true }),
      private: true,
      chunks: [`${BLOG}/PostPreview.tsx`, `${BLOG}/BlogPostPage.tsx`],
    },
  ),
  page(
    { path: 'preview/pages/:token', element: <PagePreview /> },
    {
      reads: ({ params }) => ({ page: reads.previewPage(params.token ?? '') }),
      found: ({ page }) => page !== null,
      head: (h, { page }) => ({ ...h.cms(page!), noindex: true, canonical: null, alternates: [] }),
      images: ({ page }) => bodiesImageSources(page),
      notFound: (h) => ({ ...h.notFound(h.t.preview.gone, h.t.preview.goneText), noindex: true }),
      private: true,
      chunks: ['src/features/pages/components/PagePreview.tsx', 'src/features/pages/components/CmsPage.tsx'],
    },
  ),
  // Signed-in admins only, not indexed: the server sends the app shell, the browser renders it.
  page({ path: 'admin', element: <AdminRoute /> }, { shell: true, head: (h) => h.admin() }),
  // The links of the team's mails (issue 46): shells too, never indexed.
  page(
    {
      path: 'admin/invite/:token',
      element: (
        <Suspense fallback={null}>
          <InvitePage />
        </Suspense>
      ),
    },
    { shell: true, head: (h) => h.admin() },
  ),
  page(
    {
      path: 'admin/reset/:token',
      element: (
        <Suspense fallback={null}>
          <ResetPage />
        </Suspense>
      ),
    },
    { shell: true, head: (h) => h.admin() },
  ),
  page({ path: '*', element: <NotFoundPage /> }, { reads: () => null, head: (h) => h.notFound() }),
]

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // The lazy parts of every page's frame: the language menu and the toaster.
    handle: {
      chunks: ['src/i18n/components/LanguageSwitcher.tsx', 'src/components/ui/Toaster.tsx'],
    } satisfies RouteHandle,
    children: [{ path: 'en', children: pages() }, { path: 'de', children: pages() }, ...pages()],
  },
]
