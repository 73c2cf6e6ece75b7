// How the web server runs a public read (@/lib/publicReads): against the service that owns it,
// directly (CONTENT_URL, BLOG_URL), anonymously (only published content, answered from the
// services' caches), within SSR_UPSTREAM_TIMEOUT_MS; UpstreamError when it cannot (a 503 page, or
// the page's 404 when the service refused the read: a 4xx).
import { fetchPublicRead, UpstreamError } from '@site/contracts/public-read'
import type { PublicRead } from '@/lib/publicReads'

export interface Upstreams {
  /** Base URLs of the services the pages read from. */
  contentUrl: string
  blogUrl: string
  timeoutMs: number
}

/** `keys` collects the surrogate keys of the answers read (the page's Surrogate-Key). */
export async function fetchRead<T>(
  up: Upstreams,
  read: PublicRead<T>,
  signal?: AbortSignal,
  keys?: Set<string>,
): Promise<T> {
  const base = read.path.startsWith('/api/blog') ? up.blogUrl : up.contentUrl
  const url = new URL(read.path, base)
  for (const [k, v] of Object.entries(read.params ?? {})) url.searchParams.set(k, String(v))
  const body = await fetchPublicRead(url, {
    timeoutMs: up.timeoutMs,
    signal,
    notFoundIsNull: read.notFoundIsNull,
    keys,
  })
  if (body === null && read.notFoundIsNull) return null as T
  try {
    return read.parse(body)
  } catch (err) {
    throw new UpstreamError(`${url.pathname}: ${(err as Error).message}`)
  }
}
