// Fetches the public data a page shows from the services' public reads (the same reads the browser
// makes, @/lib/publicReads), anonymously: only published content, and the services' caches answer.
import { HOME_PROJECTS, LATEST_POSTS } from '@/features/home/api/home'
import { fetchPublicRead, UpstreamError } from '@site/contracts/public-read'
import type { SeedEntry } from '@/lib/query'
import { BLOG_PAGE_SIZE, reads, type PublicRead } from '@/lib/publicReads'
import type { BlogPost, BlogPostSummary, Page, PagedList, SiteContent } from '@site/contracts'
import type { PageRoute } from './routes'

export interface Upstreams {
  /** Base URLs of the services the pages read from. */
  contentUrl: string
  blogUrl: string
  timeoutMs: number
}

export { UpstreamError }

export async function fetchRead<T>(up: Upstreams, read: PublicRead<T>): Promise<T> {
  const base = read.path.startsWith('/api/blog') ? up.blogUrl : up.contentUrl
  const url = new URL(read.path, base)
  for (const [k, v] of Object.entries(read.params ?? {})) url.searchParams.set(k, String(v))
  const body = await fetchPublicRead(url, { timeoutMs: up.timeoutMs, notFoundIsNull: read.notFoundIsNull })
  if (body === null && read.notFoundIsNull) return null as T
  try {
    return read.parse(body)
  } catch (err) {
    throw new UpstreamError(`${url.pathname}: ${(err as Error).message}`)
  }
}

/** What a page was rendered from: the cache entries to seed and the records its head describes. */
export interface PageData {
  status: 200 | 404
  queries: SeedEntry[]
  content?: SiteContent
  posts?: PagedList<BlogPostSummary>
  post?: BlogPost | null
  page?: Page
}

/** Loads a page's data; throws UpstreamError when a service is down (→ 503). */
export async function loadPage(up: Upstreams, route: PageRoute): Promise<PageData> {
  const queries: SeedEntry[] = []
  const get = async <T>(read: PublicRead<T>): Promise<T> => {
    const data = await fetchRead(up, read)
    queries.push([read.key, data])
    return data
  }
  switch (route.kind) {
    case 'home': {
      const [content, , , posts] = await Promise.all([
        get(reads.content()),
        get(reads.features()),
        get(reads.projects(HOME_PROJECTS)),
        get(reads.publishedPosts(1, LATEST_POSTS)),
        get(reads.pages()),
      ])
      return { status: 200, queries, content, posts }
    }
    case 'projects':
      await get(reads.projects())
      return { status: 200, queries }
    case 'blog': {
      const posts = await get(reads.publishedPosts(route.page, BLOG_PAGE_SIZE))
      // A page past the last one does not exist (page 1 of an empty blog does: "no posts yet").
      const outOfRange = route.page > 1 && (route.page - 1) * posts.pageSize >= posts.total
      return { status: outOfRange ? 404 : 200, queries, posts }
    }
    case 'post': {
      const post = await get(reads.post(route.slug))
      return { status: post ? 200 : 404, queries, post }
    }
    case 'cms': {
      const page = await get(reads.page(route.slug))
      return { status: page?.published ? 200 : 404, queries, page: page?.published ? page : undefined }
    }
    default:
      return { status: 404, queries }
  }
}
