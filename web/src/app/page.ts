// A public page of the route table (routes.tsx): its public reads, when the read data is a page,
// its head, and the lazy modules it renders. page() makes the route's loader, which React Router
// runs on both sides: the web server's static handler awaits the reads and answers the page's
// status, head and data; the browser's data router only starts the reads on navigation (the page
// shows its loading state meanwhile, and its useRead finds them in flight).
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom'
import { UpstreamError } from '@site/contracts/public-read'
import { prefetchRead, reads as publicReads, type PublicRead } from '@/lib/publicReads'
import { imageSources } from '@/lib/responsiveImages'
import type { QueryKey, SeedEntry } from '@/lib/query'
import type { Head, Heads } from '@/ssr/head'

type Reads = Record<string, PublicRead<unknown>>
/** What a page's reads answered, by the names the page gave them. */
export type ReadData<R extends Reads> = { [K in keyof R]: R[K] extends PublicRead<infer T> ? T : never }

export interface PageDef<R extends Reads> {
  /** The page's public reads for this URL; null: the URL names no page (404, nothing read). */
  reads?: (at: { params: Record<string, string | undefined>; search: URLSearchParams }) => R | null
  /** Whether what was read is a page (default: yes); not: 404, with `notFound`'s head. */
  found?: (data: ReadData<R>) => boolean
  head: (h: Heads, data: ReadData<R>) => Head
  /** The head of this page's own not-found state (default: the site's not-found page). */
  notFound?: (h: Heads) => Head
  /** Rendered in the browser only (the admin): the server sends the app shell. */
  shell?: boolean
  /** For the one holding its link only (a preview): never kept by a cache, never indexed. */
  private?: true
  /** Lazy modules the page renders (Vite manifest keys): the server links their code and CSS. */
  chunks?: string[]
  /**
   * The image URLs the page shows: the server reads their responsive versions with the page
   * (reads.images), so its first HTML has `<picture>`/srcset; the page reads the same (useImageInfos).
   */
  images?: (data: ReadData<R>) => (string | null | undefined)[]
}

/** What the web server gives the loaders (React Router's requestContext): how to read, the heads. */
export interface ServerLoadContext {
  /** The heads in the page's language. */
  heads: Heads
  run: <T>(read: PublicRead<T>, signal: AbortSignal) => Promise<T>
  onError: (err: unknown) => void
}

/** A page as its loader answers on the server. `queries`: the reads it was built from, by key. */
export interface PageAnswer {
  status: 200 | 404 | 503
  head: Head
  queries: SeedEntry[]
  shell: boolean
  private: boolean
}

/** A route's metadata (its `handle`): the lazy modules it renders, linked by the server. */
export interface RouteHandle {
  chunks?: string[]
}

const isServer = (context: unknown): context is ServerLoadContext =>
  typeof (context as Partial<ServerLoadContext> | null)?.run === 'function'

/** The read keys a page was built from (for caches that forget a page when one of its reads changes). */
export const readKeys = (answer: PageAnswer): QueryKey[] => answer.queries.map(([key]) => key)

export function page<R extends Reads>(
  route: Omit<RouteObject, 'loader' | 'handle' | 'children' | 'index'> & { index?: true },
  def: PageDef<R>,
): RouteObject {
  const loader = async ({ request, params, context }: LoaderFunctionArgs) => {
    const search = new URL(request.url).searchParams
    const reads = def.reads?.({ params, search }) ?? null
    if (!isServer(context)) {
      for (const read of Object.values(reads ?? {})) prefetchRead(read)
      return null
    }
    const { heads: h } = context
    const answer = (status: PageAnswer['status'], head: Head, queries: SeedEntry[] = []) =>
      data<PageAnswer>(
        { status, head, queries, shell: def.shell ?? false, private: def.private ?? false },
        { status },
      )
    if (def.shell) return answer(200, def.head(h, {} as ReadData<R>))
    if (def.reads && !reads) return answer(404, def.notFound?.(h) ?? h.notFound())
    try {
      const named = await Promise.all(
        Object.entries(reads ?? {}).map(async ([name, read]) => {
          const value = await context.run(read, request.signal)
          return { name, key: read.key, value }
        }),
      )
      const got = Object.fromEntries(named.map((r) => [r.name, r.value])) as ReadData<R>
      const queries = named.map((r): SeedEntry => [r.key, r.value])
      if (def.found && !def.found(got)) return answer(404, def.notFound?.(h) ?? h.notFound(), queries)
      const { content, blog } = imageSources(def.images?.(got) ?? [])
      // One read per service that stores some of them (the library's, an import's). Without it the
      // page shows the originals: an image read that fails is no outage.
      await Promise.all(
        [content, blog]
          .filter((list) => list.length)
          .map((srcs) => {
            const read = publicReads.images(srcs)
            return context.run(read, request.signal).then(
              (value) => queries.push([read.key, value]),
              (err: unknown) => {
                if (request.signal.aborted) throw err
                context.onError(err)
              },
            )
          }),
      )
      return answer(200, def.head(h, got), queries)
    } catch (err) {
      // A service that does not answer (in time): "temporarily unavailable", the site's chrome around
      // it. (Reads stopped because the client left are no outage: the page is not rendered.)
      if (!(err instanceof UpstreamError) || request.signal.aborted) throw err
      // A service that refused the read (a 4xx): the URL names nothing it has. The page's 404, never
      // a 5xx: a page the web server chose cannot be told from an outage by the caches in front.
      if (err.refused) return answer(404, def.notFound?.(h) ?? h.notFound())
      context.onError(err)
      return answer(503, h.unavailable())
    }
  }
  return { ...route, loader, handle: { chunks: def.chunks } satisfies RouteHandle } as RouteObject
}
