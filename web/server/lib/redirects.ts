// Old URLs of posts and pages (docs/editorial.md, "Old URLs"): a post or CMS page that is not
// found may be an old slug of a published one; its service says where it leads now, with the
// surrogate keys that purge the 301 (the document's, when its slug changes again; the list's, when
// another document takes the old slug and the redirect yields).
import { fetchPublicRead, UpstreamError } from '@site/contracts/public-read'
import type { SlugRedirect } from '@site/contracts'

const OLD_PATH = /^(\/en|\/de)?\/(blog|pages)\/([^/]+)\/?$/

/** The new location of an old post or page URL (same language, same query), or null. */
export async function oldUrl(
  upstreams: { blogUrl: string; contentUrl: string },
  timeoutMs: number,
  url: string,
): Promise<{ location: string; keys: string[] } | null> {
  const [path = '/', query] = url.split(/\?(.*)/s)
  const m = OLD_PATH.exec(path)
  if (!m) return null
  const section = m[2]!
  const base = section === 'blog' ? upstreams.blogUrl : upstreams.contentUrl
  let slug: string
  try {
    slug = decodeURIComponent(m[3]!)
  } catch {
    return null
  }
  const keys = new Set<string>()
  try {
    const to = (await fetchPublicRead(
      new URL(`/api/${section}/redirects/${encodeURIComponent(slug)}`, base),
      {
        timeoutMs,
        notFoundIsNull: true,
        keys,
      },
    )) as SlugRedirect | null
    if (!to) return null
    const location = `${m[1] ?? ''}/${section}/${encodeURIComponent(to.slug)}${query ? `?${query}` : ''}`
    return { location, keys: [...keys] }
  } catch (err) {
    // The service away: the page's own 404 stands (it is not cached).
    if (err instanceof UpstreamError) return null
    throw err
  }
}
