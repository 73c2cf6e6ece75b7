// Old URLs of posts (docs/editorial.md, "Old URLs"): a post page that is not found may be an old
// slug of a published post; the blog service says where it leads now, with the surrogate keys
// that purge the 301 (the post's, when its slug changes again; the list's, when another post
// takes the old slug and the redirect yields).
import { fetchPublicRead, UpstreamError } from '@site/contracts/public-read'
import type { SlugRedirect } from '@site/contracts'

const POST_PATH = /^(\/en|\/de)?\/blog\/([^/]+)\/?$/

/** The new location of an old post URL (same language, same query), or null. */
export async function oldPostUrl(
  blogUrl: string,
  timeoutMs: number,
  url: string,
): Promise<{ location: string; keys: string[] } | null> {
  const [path = '/', query] = url.split(/\?(.*)/s)
  const m = POST_PATH.exec(path)
  if (!m) return null
  let slug: string
  try {
    slug = decodeURIComponent(m[2]!)
  } catch {
    return null
  }
  const keys = new Set<string>()
  try {
    const to = (await fetchPublicRead(new URL(`/api/blog/redirects/${encodeURIComponent(slug)}`, blogUrl), {
      timeoutMs,
      notFoundIsNull: true,
      keys,
    })) as SlugRedirect | null
    if (!to) return null
    const location = `${m[1] ?? ''}/blog/${encodeURIComponent(to.slug)}${query ? `?${query}` : ''}`
    return { location, keys: [...keys] }
  } catch (err) {
    // The blog service away: the page's own 404 stands (it is not cached).
    if (err instanceof UpstreamError) return null
    throw err
  }
}
