/**
 * Reading another service's public API from a process: the web server renders pages from the
 * content and blog services' public reads, the chat indexes the site from the same reads. One way
 * to do it: a deadline on every read, a 404 that may mean "none", and lists that come as a page
 * (`{ items, page, pageSize, total }`) or, from a service not paged, as a plain array. A plain
 * module without TypeBox: `@site/contracts/public-read`.
 */
import type { PagedList } from './paging.js'
import { SURROGATE_KEY_HEADER, parseSurrogateKeys } from './surrogate.js'

/** The service did not answer usably: down, too slow, an error status, or a body that is not JSON. */
export class UpstreamError extends Error {
  override name = 'UpstreamError'
}

export interface PublicReadOptions {
  /** The longest wait for the whole answer. */
  timeoutMs: number
  /** Ends the read early (the page's client has gone). */
  signal?: AbortSignal
  /** A 404 answer is data (`null`: "not found"), not an error. */
  notFoundIsNull?: boolean
  /** Collects the surrogate keys of the answer (a page carries the keys of every read it was built from). */
  keys?: Set<string>
}

/** GET `url` as JSON (anonymously: only what any visitor may read); throws UpstreamError. */
export async function fetchPublicRead(url: string | URL, opts: PublicReadOptions): Promise<unknown> {
  const where = typeof url === 'string' ? url : url.pathname
  const deadline = AbortSignal.timeout(opts.timeoutMs)
  let res: Response
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline,
    })
  } catch (err) {
    throw new UpstreamError(`${where}: ${(err as Error).message}`)
  }
  for (const key of parseSurrogateKeys(res.headers.get(SURROGATE_KEY_HEADER))) opts.keys?.add(key)
  if (res.status === 404 && opts.notFoundIsNull) {
    await res.body?.cancel()
    return null
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw new UpstreamError(`${where}: ${res.status}`)
  }
  try {
    return await res.json()
  } catch (err) {
    throw new UpstreamError(`${where}: ${(err as Error).message}`)
  }
}

/** The items of a list answer: a page's `items`, or a plain array. Anything else is an empty list. */
export function listItems<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[]
  const items = (body as { items?: unknown } | null)?.items
  return Array.isArray(items) ? (items as T[]) : []
}

/** A list answer as a page; a plain array (an unpaged service) is paged here the same way. */
export function listPage<T>(body: unknown, page: number, pageSize: number): PagedList<T> {
  if (Array.isArray(body)) {
    const all = body as T[]
    return { items: all.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: all.length }
  }
  const b = body as Partial<PagedList<T>> | null
  return {
    items: Array.isArray(b?.items) ? b.items : [],
    page: b?.page ?? page,
    pageSize: b?.pageSize ?? pageSize,
    total: b?.total ?? 0,
  }
}
