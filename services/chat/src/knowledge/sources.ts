import type { KnowledgeItem, Localized } from './types.js'
import { fetchPublicRead, listItems } from '@site/contracts/public-read'
import { htmlToText } from '@site/contracts/text'

/** A record as the public APIs answer it (docs/api.md); every field is read defensively. */
type Row = Record<string, unknown>

/**
 * A post's item, by the record it came from. The memo keeps an unchanged post's record object
 * between refreshes, so its HTML is turned into text once, not on every refresh (at a thousand
 * posts that was about a second of CPU each minute). Pages (a handful) are converted each time.
 */
const itemOfRow = new WeakMap<Row, KnowledgeItem>()
function itemOf(row: Row, make: (row: Row) => KnowledgeItem): KnowledgeItem {
  let item = itemOfRow.get(row)
  if (!item) {
    item = make(row)
    itemOfRow.set(row, item)
  }
  return item
}

export interface SourceOptions {
  contentUrl: string
  blogUrl: string
  timeoutMs: number
  /** Public link of a page, `{slug}` replaced; empty: no link. */
  pageUrl: string
}

export const SOURCE_NAMES = ['content', 'features', 'projects', 'pages', 'posts'] as const
export type SourceName = (typeof SOURCE_NAMES)[number]

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

function loc(row: Row, field: string, html = false): Localized {
  const out: Localized = {}
  for (const lang of ['nl', 'en', 'de'] as const) {
    const raw = str(row[`${field}_${lang}`])
    const text = html ? htmlToText(raw) : raw.trim()
    if (text) out[lang] = text
  }
  return out
}

function joinLoc(...parts: Localized[]): Localized {
  const out: Localized = {}
  for (const lang of ['nl', 'en', 'de'] as const) {
    const text = parts
      .map((p) => p[lang] ?? '')
      .filter(Boolean)
      .join('\n')
    if (text) out[lang] = text
  }
  return out
}

const getJson = (url: string, timeoutMs: number) => fetchPublicRead(url, { timeoutMs })

/** The records of a list answer (a page or a plain array). */
const rows = (body: unknown): Row[] =>
  listItems<unknown>(body).filter((r): r is Row => !!r && typeof r === 'object')

function contentItems(body: unknown): KnowledgeItem[] {
  if (!body || typeof body !== 'object') return []
  const row = body as Row
  const items: KnowledgeItem[] = [
    {
      key: 'content',
      kind: 'content',
      url: '/',
      title: loc(row, 'title'),
      text: joinLoc(
        loc(row, 'intro'),
        loc(row, 'subtitle'),
        loc(row, 'philosophy_title'),
        loc(row, 'philosophy_text'),
      ),
    },
  ]
  const [address, phone, email] = [str(row.address), str(row.phone), str(row.email)]
  if (address || phone || email) {
    const line = (a: string, p: string, e: string) =>
      [address && `${a}: ${address}`, phone && `${p}: ${phone}`, email && `${e}: ${email}`]
        .filter(Boolean)
        .join('. ')
    items.push({
      key: 'contact',
      kind: 'contact',
      url: '/#contact',
      title: { nl: 'Contactgegevens', en: 'Contact details', de: 'Kontaktdaten' },
      // Words visitors use when they look for these details.
      tags: [
        'adres',
        'locatie',
        'kantoor',
        'gevestigd',
        'zitten',
        'bellen',
        'telefoon',
        'telefoonnummer',
        'mailen',
        'bereiken',
        'address',
        'location',
        'office',
        'located',
        'based',
        'call',
        'phone',
        'reach',
        'adresse',
        'standort',
        'büro',
        'sitz',
        'anrufen',
        'telefon',
        'erreichen',
        'email',
        'mail',
      ],
      text: {
        nl: line('Adres', 'Telefoon', 'E-mail'),
        en: line('Address', 'Phone', 'Email'),
        de: line('Adresse', 'Telefon', 'E-Mail'),
      },
    })
  }
  return items
}

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
async function readAll(url: string, timeoutMs: number): Promise<Row[]> {
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
async function withDetails(
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
async function postsWithText(o: SourceOptions, memo: DetailMemo): Promise<Row[]> {
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

type Reader = (o: SourceOptions, memo: DetailMemo) => Promise<unknown>

const converters: Record<
  SourceName,
  { read: Reader; items: (body: unknown, o: SourceOptions) => KnowledgeItem[] }
> = {
  content: { read: (o) => getJson(`${o.contentUrl}/api/content`, o.timeoutMs), items: contentItems },
  features: {
    read: (o) => getJson(`${o.contentUrl}/api/features`, o.timeoutMs),
    items: (body) =>
      rows(body).map((r) => ({
        key: `feature:${str(r.id)}`,
        kind: 'feature',
        url: '/',
        title: loc(r, 'title'),
        text: loc(r, 'description'),
      })),
  },
  projects: {
    read: (o) => readAll(`${o.contentUrl}/api/projects`, o.timeoutMs),
    items: (body) =>
      rows(body).map((r) => ({
        key: `project:${str(r.id)}`,
        kind: 'project',
        url: '/projects',
        title: { nl: str(r.title) },
        text: { any: htmlToText(str(r.description)) },
        date: str(r.created_at),
      })),
  },
  pages: {
    // The list carries summaries; the text comes from each page's detail.
    read: async (o, memo) =>
      withDetails(
        await readAll(`${o.contentUrl}/api/pages`, o.timeoutMs),
        (slug) => `${o.contentUrl}/api/pages/slug/${encodeURIComponent(slug)}`,
        memo,
        o.timeoutMs,
      ),
    items: (body, o) =>
      rows(body)
        .filter((r) => r.published !== false && str(r.slug))
        .map((r) => ({
          key: `page:${str(r.slug)}`,
          kind: 'page',
          url: o.pageUrl ? o.pageUrl.replace('{slug}', encodeURIComponent(str(r.slug))) : null,
          title: loc(r, 'title', true),
          text: joinLoc(loc(r, 'meta_description'), loc(r, 'content', true)),
        })),
  },
  posts: {
    read: postsWithText,
    items: (body) =>
      rows(body)
        .filter((r) => r.published !== false && str(r.slug))
        .map((row) =>
          itemOf(row, (r) => ({
            key: `post:${str(r.slug)}`,
            kind: 'post',
            url: `/blog/${encodeURIComponent(str(r.slug))}`,
            title: loc(r, 'title', true),
            text: joinLoc(loc(r, 'excerpt', true), loc(r, 'content', true)),
            tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [],
            date: str(r.created_at),
          })),
        ),
  },
}

/**
 * Reads one source; throws when the owning service does not answer (the caller keeps what it had).
 * `memo` keeps the source's full records between refreshes, so only changed pages and posts are re-read.
 */
export async function readSource(
  name: SourceName,
  opts: SourceOptions,
  memo: DetailMemo = new Map(),
): Promise<KnowledgeItem[]> {
  const c = converters[name]
  return c.items(await c.read(opts, memo), opts)
}
