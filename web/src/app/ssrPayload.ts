import type { SeedEntry } from '@/lib/query'

/**
 * What the server embeds in a page it rendered (as JSON in <script type="application/json"
 * id="ssr-data">, never executed): the status it answered and the public data the page showed,
 * keyed by query key. The browser seeds its cache with it and hydrates the same tree.
 */
export interface SsrPayload {
  status: number
  path: string
  /** The site's public origin (PUBLIC_ORIGIN), for absolute links rendered the same on both sides. */
  origin: string
  /** The request carried a session cookie (only then does the browser ask who is signed in). */
  session?: boolean
  queries: SeedEntry[]
  /**
   * React Router's hydration state: the matched routes' loader data in the browser (null: the
   * browser's loaders only start reads, and the data is in `queries`), so hydration runs no loader.
   */
  loaderData: Record<string, null>
}

export const SSR_DATA_ID = 'ssr-data'
