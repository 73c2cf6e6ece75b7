/**
 * Reading another service's public API from a process: the web server renders pages from the
 * content and blog services' public reads, the chat indexes the site from the same reads. One way
 * to do it: a deadline on every read, a 404 that may mean "none", and lists that come as a page
 * (`{ items, page, pageSize, total }`) or, from a service not paged, as a plain array. A plain
 * module without TypeBox: `@site/contracts/public-read`.
 */
import type { PagedList } from './paging.js'
import { SURROGATE_KEY_HEADER, parseSurrogateKeys } from './surrogate.js'

/**
 * A 4xx that refuses the request itself (a malformed token, a slug longer than the service takes, a
 * page past the last): the URL names nothing the service has. Not a 408 or 429, which say "try
 * again later" of a request that may be fine.
 */
export const isRefusal = (status: number | null) =>
  status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429

/**
 * The service did not answer usably: down, too slow, an error status, or a body that is not JSON.
 * `status` is the answer's status when there was one; `refused` says it was a refusal (isRefusal):
 * the caller's "not found", never an outage (a page answers it with its 404, not a 503).
 */
export class UpstreamError extends Error {
  override name = 'UpstreamError'
  readonly refused: boolean
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message)
    this.refused = isRefusal(status)
  }
}

export interface PublicReadOptions {
  /** The longest wait for the whole answer. */
  timeoutMs: number
  /** Ends the read early (the page's client has gone). */
  signal?: AbortSignal
  /** A 404 (any refusal: isRefusal) is data (`null`: "not found"), not an error. */
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
  if (opts.notFoundIsNull && isRefusal(res.status)) {
    await res.body?.cancel()
    return null
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw new UpstreamError(`${where}: ${res.status}`, res.status)
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
