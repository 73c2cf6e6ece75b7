/**
 * The shared cache's contract between the answers and the caches in front of them (the gateway's,
 * a CDN's): which answers may be kept, for how long, and by which surrogate keys they are purged.
 * The key names are `SURROGATE` in ./changes.ts (a write announces them, an answer carries them);
 * this module holds the header side. A plain module without TypeBox: `@site/contracts/surrogate`.
 */

/** The header Fastly and Varnish's xkey read: the answer's keys, space separated. */
export const SURROGATE_KEY_HEADER = 'surrogate-key'

/**
 * Cache-Control of a public answer a shared cache may keep. Browsers revalidate every time
 * (max-age=0: an edit shows on the next load, an unchanged answer is a 304). A shared cache keeps it
 * 5 minutes (the backstop should a purge be lost; writes purge it at once), may answer it an hour
 * past that while it fetches a new one (a page nobody wrote to is the same page: so every page
 * served in the last hour is still answered at once when the upstream is frozen), and a day past
 * that when the upstream fails.
 */
export const SHARED_CACHE_CONTROL =
  'public, max-age=0, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400'

const STALE_DIRECTIVE = /^stale-(while-revalidate|if-error)\s*=/i

/**
 * What the gateway sends on, split by reader. The stale-* directives are meant for shared caches,
 * but a browser honours them too (Chromium's stale-while-revalidate): an admin would see the list
 * from before their own edit for an hour. So the browser's Cache-Control keeps the rest (max-age=0:
 * revalidate every time; s-maxage for a CDN that reads only Cache-Control), and a CDN in front gets
 * its lifetime and the stale windows in CDN-Cache-Control (RFC 9213). `cdn` is null when nothing
 * was taken out.
 */
export function splitCacheControl(value: string): { browser: string; cdn: string | null } {
  const directives = value
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
  const stale = directives.filter((d) => STALE_DIRECTIVE.test(d))
  if (stale.length === 0) return { browser: value, cdn: null }
  const shared = directives
    .find((d) => /^s-maxage\s*=/i.test(d))
    ?.split('=')[1]
    ?.trim()
  return {
    browser: directives.filter((d) => !STALE_DIRECTIVE.test(d)).join(', '),
    cdn: [...(shared ? [`max-age=${shared}`] : []), ...stale].join(', '),
  }
}

/**
 * Every page and file the web server builds carries this key too: after a deploy of the web app
 * (new asset names in every page) one purge of it renews them all (docs/operations.md).
 */
export const WEB_KEY = 'web'

/** The Surrogate-Key value of `keys`: each once, in order. */
export function surrogateKeyValue(keys: Iterable<string>): string {
  return [...new Set(keys)].join(' ')
}

/** The keys of a Surrogate-Key value (any whitespace separates). */
export function parseSurrogateKeys(value: string | null | undefined): string[] {
  return value ? value.split(/\s+/).filter(Boolean) : []
}

/**
 * The query parameters a cached path's answer depends on (for an anonymous visitor); every other
 * parameter is left out of the shared cache's key, so `?utm_source=…` or `?x=1`, `?x=2`, … are the
 * same entry and the keys cannot multiply. A path not listed here depends on none. Kept with the
 * routes' schemas: a public GET that reads a new parameter adds it here.
 */
export const SHARED_CACHE_QUERY: Readonly<Record<string, readonly string[]>> = {
  '/api/blog': ['page', 'pageSize', 'published'],
  '/api/blog/images': ['src'],
  '/api/content/images': ['src'],
  '/api/pages': ['page', 'pageSize'],
  '/api/projects': ['page', 'pageSize'],
  '/blog': ['page'],
  '/en/blog': ['page'],
  '/de/blog': ['page'],
}
