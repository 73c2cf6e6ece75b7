// Reading the site through the content and blog services' public APIs for the index: lists page by
// page, the full records of pages (kept between reads, so only changed ones are read again), and
// the published posts in full: all of them a page at a time, or the ones the change feed named.
import { fetchPublicRead, listItems } from '@site/contracts/public-read'

/** A record as the public APIs answer it (docs/api.md); every field is read defensively. */
export type Row = Record<string, unknown>

export interface SourceOptions {
  contentUrl: string
  blogUrl: string
  timeoutMs: number
  /** Public link of a page, `{slug}` replaced; empty: no link. */
  pageUrl: string
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '')

export const getJson = (url: string, timeoutMs: number) => fetchPublicRead(url, { timeoutMs })

/** The records of a list answer (a page or a plain array). */
export const rows = (body: unknown): Row[] =>
  listItems<unknown>(body).filter((r): r is Row => !!r && typeof r === 'object')

/** Full records of the listed pages by slug, kept between refreshes with their `updated_at`. */
export type DetailMemo = Map<string, { updatedAt: string; row: Row }>

/** Page size of the list reads (the contract's maximum), and a bound on the pages one read takes. */
export const PAGE_SIZE = 50
const MAX_PAGES = 1000
/** Detail reads in flight at once. */
const DETAIL_CONCURRENCY = 4

/**
 * The pages of a paged list (`{ items, page, pageSize, total }`), one at a time until `total`, so
 * a caller can index each before the next is read. An item that moves between two page reads (a
 * post changed meanwhile) may be seen twice or missed once: the change feed names it again.
 */
export async function* pagesOf(url: string, timeoutMs: number): AsyncGenerator<Row[]> {
  let seen = 0
  for (let page = 1; page <= MAX_PAGES; page++) {
    const u = new URL(url)
    u.searchParams.set('page', String(page))
    u.searchParams.set('pageSize', String(PAGE_SIZE))
    const body = await getJson(u.toString(), timeoutMs)
    const list = rows(body)
    seen += list.length
    yield list
    const total = Number((body as { total?: unknown } | null)?.total)
    if (Array.isArray(body) || list.length === 0 || !(seen < total)) return
  }
}

/** Every item of a paged list (the content service's: a few dozen). */
export async function readAll(url: string, timeoutMs: number): Promise<Row[]> {
  const out: Row[] = []
  for await (const list of pagesOf(url, timeoutMs)) out.push(...list)
  return out
}

/**
 * The full records of listed summaries: from the memo while `updated_at` is unchanged, otherwise
 * read by slug (`detailUrl`). A record gone meanwhile (404: unpublished or deleted) is left out.
 */
export async function withDetails(
  list: Row[],
  detailUrl: (slug: string) => string,
  memo: DetailMemo,
  timeoutMs: number,
): Promise<Row[]> {
  const wanted = [
    ...new Map(
      list.filter((r) => r.published !== false && str(r.slug)).map((r) => [str(r.slug), r]),
    ).values(),
  ]
  const full: (Row | null)[] = new Array(wanted.length).fill(null)
  let next = 0
  const work = async () => {
    while (next < wanted.length) {
      const i = next++
      const summary = wanted[i]!
      const slug = str(summary.slug)
      const updatedAt = str(summary.updated_at)
      const known = memo.get(slug)
      if (known && updatedAt && known.updatedAt === updatedAt) {
        full[i] = known.row
        continue
      }
      // 404: unpublished or deleted since the list was read.
      const row = (await fetchPublicRead(detailUrl(slug), { timeoutMs, notFoundIsNull: true })) as Row | null
      if (!row) continue
      memo.set(slug, { updatedAt, row })
      full[i] = row
    }
  }
  await Promise.all(Array.from({ length: DETAIL_CONCURRENCY }, work))
  const listed = new Set(wanted.map((r) => str(r.slug)))
  for (const slug of memo.keys()) if (!listed.has(slug)) memo.delete(slug)
  return full.filter((r): r is Row => r !== null)
}

/**
 * Every published post in full, a page of 50 at a time (`GET /api/blog/changes`, oldest change
 * first): the read after a start, 200 pages at 10,000 posts, none of them through the blog's
 * public cache.
 */
export const allPosts = (o: SourceOptions) => pagesOf(`${o.blogUrl}/api/blog/changes`, o.timeoutMs)

/** The published posts among `ids` (at most a page), in full; a post not answered is not published. */
export async function postsById(o: SourceOptions, ids: string[]): Promise<Row[]> {
  const url = `${o.blogUrl}/api/blog/changes?ids=${ids.map(encodeURIComponent).join(',')}`
  return rows(await getJson(url, o.timeoutMs))
}
