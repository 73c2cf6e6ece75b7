// Page numbers in URLs (`/blog?page=2`, `/sitemap-posts-2.xml`), read the same way by the server's
// routes and the browser's blog list.
import { PAGE_MAX } from '@site/contracts/rules'

/**
 * A page number as written in a URL: a whole number from 1 to the paging contract's PAGE_MAX, with
 * no leading zero (one URL per page); anything else → null. The server answers null with a 404,
 * never with a read the services would refuse with a 400 (which a page would show as a 503).
 */
export function parsePageNumber(raw: string): number | null {
  if (!/^[1-9]\d*$/.test(raw)) return null
  const page = Number(raw)
  return page <= PAGE_MAX ? page : null
}

/** `?page=2` → 2; absent → 1; anything else as parsePageNumber (null: no such page). */
export function pageParam(search: URLSearchParams): number | null {
  const raw = search.get('page')
  return raw === null ? 1 : parsePageNumber(raw)
}
