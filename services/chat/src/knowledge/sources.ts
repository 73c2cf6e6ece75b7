// The site's sources as index items: each source's records (read through reads.ts) turned into
// knowledge items in the three languages.
import { htmlToText } from '@site/contracts/text'
import type { KnowledgeItem, Localized } from './types.js'
import {
  getJson,
  readAll,
  rows,
  str,
  withDetails,
  type DetailMemo,
  type Row,
  type SourceOptions,
} from './reads.js'

export type { DetailMemo, Row, SourceOptions }

export const SOURCE_NAMES = ['content', 'features', 'projects', 'pages', 'posts'] as const
export type SourceName = (typeof SOURCE_NAMES)[number]

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

type Reader = (o: SourceOptions, memo: DetailMemo) => Promise<unknown>
/** The sources read whole: each a few dozen records at most. Posts are read by posts.ts. */
export type SmallSource = Exclude<SourceName, 'posts'>

const converters: Record<
  SmallSource,
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
}

/** A published post's item (its record from GET /api/blog/changes); null for a draft or no slug. */
export function postItem(r: Row): KnowledgeItem | null {
  if (r.published === false || !str(r.slug)) return null
  return {
    key: `post:${str(r.slug)}`,
    kind: 'post',
    url: `/blog/${encodeURIComponent(str(r.slug))}`,
    title: loc(r, 'title', true),
    text: joinLoc(loc(r, 'excerpt', true), loc(r, 'content', true)),
    tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [],
    date: str(r.created_at),
  }
}

/**
 * Reads one source whole; throws when the owning service does not answer (the caller keeps what it
 * had). `memo` keeps the pages' full records between reads, so only changed pages are read again.
 */
export async function readSource(
  name: SmallSource,
  opts: SourceOptions,
  memo: DetailMemo = new Map(),
): Promise<KnowledgeItem[]> {
  const c = converters[name]
  return c.items(await c.read(opts, memo), opts)
}
