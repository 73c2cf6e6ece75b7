// The public reads of the site's pages, described once: the route table's loaders name the reads
// of each page (app/routes.tsx); the browser runs them through @/lib/api (prefetchRead on
// navigation, useRead in the page), the web server runs the same ones against the services to
// render a page and embeds their results, keyed the same way, so the hydrating browser starts
// from exactly that data.
import { isRefusal, listItems, listPage } from '@site/contracts/public-read'
import { getJson, isApiError } from './api'
import { prefetchQuery, useQuery, type QueryKey, type UseQueryResult } from './query'
import { queryKeys } from './queryKeys'
import type {
  PublicBlogPost,
  PublicBlogPostSummary,
  Feature,
  ImageInfo,
  ImageInfoList,
  Page,
  PageSummary,
  PagedList,
  Project,
  SiteContent,
} from '@site/contracts'

export interface PublicRead<T> {
  key: QueryKey
  /** Path on the site (also the service's own path: services serve their full public paths). */
  path: string
  params?: Record<string, string | number>
  parse: (body: unknown) => T
  /** A 404 (any refusal, a 400 of a malformed token included) is data (null: "not found"), not an error. */
  notFoundIsNull?: boolean
}

/** Posts per page of /blog (the paging contract's default page size). */
export const BLOG_PAGE_SIZE = 12
/** /projects and the footer's page links: one page of the largest size the paging contract allows. */
export const LIST_PAGE_SIZE = 50

const as = <T>(body: unknown) => body as T

export const reads = {
  content: (): PublicRead<SiteContent> => ({ key: queryKeys.content, path: '/api/content', parse: as }),
  features: (): PublicRead<Feature[]> => ({
    key: queryKeys.features,
    path: '/api/features',
    parse: listItems,
  }),
  projects: (pageSize = LIST_PAGE_SIZE): PublicRead<Project[]> => ({
    key: queryKeys.projectsPage(1, pageSize),
    path: '/api/projects',
    params: { pageSize },
    parse: listItems,
  }),
  /** Published CMS pages' summaries (anonymous callers get only those; admins get drafts too: filter on use). */
  pages: (): PublicRead<PageSummary[]> => ({
    key: queryKeys.pagesPage(1, LIST_PAGE_SIZE),
    path: '/api/pages',
    params: { pageSize: LIST_PAGE_SIZE },
    parse: listItems,
  }),
  /** One CMS page with its content, or null (404: none, or not published). */
  page: (slug: string): PublicRead<Page | null> => ({
    key: queryKeys.pageSlug(slug),
    path: `/api/pages/slug/${encodeURIComponent(slug)}`,
    parse: as,
    notFoundIsNull: true,
  }),
  publishedPosts: (page: number, pageSize: number): PublicRead<PagedList<PublicBlogPostSummary>> => ({
    key: queryKeys.blog.page('published', page, pageSize),
    path: '/api/blog',
    params: { published: 'true', page, pageSize },
    parse: (body) => listPage<PublicBlogPostSummary>(body, page, pageSize),
  }),
  /**
   * The responsive versions of stored images (`srcs`: one of imageSources()'s lists, sorted and
   * capped), asked of the service that stores them: the blog for imported images, else content.
   */
  images: (srcs: readonly string[]): PublicRead<ImageInfo[]> => ({
    key: queryKeys.images(srcs),
    path: srcs[0]?.startsWith('/api/blog/images/') ? '/api/blog/images' : '/api/content/images',
    params: { src: srcs.join(',') },
    parse: (body) => (body as ImageInfoList).items,
  }),
  post: (slug: string): PublicRead<PublicBlogPost | null> => ({
    key: queryKeys.blog.slug(slug),
    path: `/api/blog/slug/${encodeURIComponent(slug)}`,
    parse: as,
    notFoundIsNull: true,
  }),
  /** The page of a preview link as saved now, draft or not; null when the link expired or was revoked. */
  previewPage: (token: string): PublicRead<Page | null> => ({
    key: queryKeys.pagePreview(token),
    path: `/api/pages/preview/${encodeURIComponent(token)}`,
    parse: as,
    notFoundIsNull: true,
  }),
  /** The post of a preview link as saved now, draft or not; null when the link expired or was revoked. */
  previewPost: (token: string): PublicRead<PublicBlogPost | null> => ({
    key: queryKeys.blog.preview(token),
    path: `/api/blog/preview/${encodeURIComponent(token)}`,
    parse: as,
    notFoundIsNull: true,
  }),
}

/** A public read through the site's API (@/lib/api), as the browser runs it. */
function fetcherOf<T>(read: PublicRead<T>) {
  return async (signal: AbortSignal): Promise<T> => {
    try {
      return read.parse(await getJson<unknown>(read.path, { signal, params: read.params }))
    } catch (err) {
      if (read.notFoundIsNull && isApiError(err) && isRefusal(err.status)) return null as T
      throw err
    }
  }
}

/** Runs a public read in the browser (cached under its key, see @/lib/query). */
export function useRead<T>(read: PublicRead<T>, opts: { enabled?: boolean } = {}): UseQueryResult<T> {
  return useQuery(read.key, fetcherOf(read), opts)
}

/** Starts a public read in the browser unless it is cached (a route's loader, on navigation). */
export function prefetchRead<T>(read: PublicRead<T>): void {
  prefetchQuery(read.key, fetcherOf(read))
}
