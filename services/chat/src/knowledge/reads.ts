// Reading the site through the content and blog services' public APIs for the index: lists page by
// page, the full records of pages and posts, kept between refreshes so only what changed is read.
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

/** Full records of the listed pages and posts by slug, kept between refreshes with their `updated_at`. */
export type DetailMemo = Map<string, { updatedAt: string; row: Row }>

/** Page size of the list reads (the contract's maximum), and a bound on the pages one refresh reads. */
const PAGE_SIZE = 50
const MAX_PAGES = 400
/** Detail reads in flight at once: the first refresh after a start reads every post once. */
const DETAIL_CONCURRENCY = 4

/**
 * Every item of a paged list (`{ items, page, pageSize, total }`), page by page until `total`.
 * An item that moves between two page reads (a post added meanwhile) may be seen twice or missed
 * once; duplicates are dropped by the caller's key and the next refresh reads it again.
 */
export async function readAll(url: string, timeoutMs: number): Promise<Row[]> {
  const out: Row[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const u = new URL(url)
    u.searchParams.set('page', String(page))
    u.searchParams.set('pageSize', String(PAGE_SIZE))
    const body = await getJson(u.toString(), timeoutMs)
    const list = rows(body)
    out.push(...list)
    const total = Number((body as { total?: unknown } | null)?.total)
    if (Array.isArray(body) || list.length === 0 || !(out.length < total)) break
  }
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
 * The full published posts of the listed summaries, kept in `memo` between refreshes: only when a
 * listed post is new or its `updated_at` moved are the posts changed since the oldest such change
 * read, in pages of full posts (`GET /api/blog/changes?since=`): a first refresh at a thousand
 * posts is 20 reads, not a thousand by slug (each a cache miss that would crowd the blog's public
 * cache out).
 */
export async function postsWithText(o: SourceOptions, memo: DetailMemo): Promise<Row[]> {
  const list = await readAll(`${o.blogUrl}/api/blog?published=true`, o.timeoutMs)
  const wanted = new Map(list.filter((r) => str(r.slug)).map((r) => [str(r.slug), str(r.updated_at)]))
  const stale = [...wanted].filter(
    ([slug, updatedAt]) => !updatedAt || memo.get(slug)?.updatedAt !== updatedAt,
  )
  if (stale.length > 0) {
    // ISO dates of one format sort as text; a post without a date asks for everything.
    const since = stale.some(([, u]) => !u) ? '' : stale.map(([, u]) => u).sort()[0]!
    const url = `${o.blogUrl}/api/blog/changes${since ? `?since=${encodeURIComponent(since)}` : ''}`
    for (const row of await readAll(url, o.timeoutMs))
      memo.set(str(row.slug), { updatedAt: str(row.updated_at), row })
  }
  for (const slug of memo.keys()) if (!wanted.has(slug)) memo.delete(slug)
  // A post published after the list was read waits for the next refresh, like one added meanwhile.
  return [...wanted.keys()].flatMap((slug): Row[] => {
    const known = memo.get(slug)
    return known ? [known.row] : []
  })
}
