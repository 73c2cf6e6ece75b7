import type { KnowledgeItem, Localized } from './types.js'
import { htmlToText } from './text.js'

/** A record as the public APIs answer it (docs/api.md); every field is read defensively. */
type Row = Record<string, unknown>

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
    const text = parts.map((p) => p[lang] ?? '').filter(Boolean).join('\n')
    if (text) out[lang] = text
  }
  return out
}

async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) })
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`)
  return res.json()
}

function rows(body: unknown): Row[] {
  const list = Array.isArray(body) ? body : (body as { items?: unknown } | null)?.items
  return Array.isArray(list) ? list.filter((r): r is Row => !!r && typeof r === 'object') : []
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
      text: joinLoc(loc(row, 'intro'), loc(row, 'subtitle'), loc(row, 'philosophy_title'), loc(row, 'philosophy_text')),
    },
  ]
  const [address, phone, email] = [str(row.address), str(row.phone), str(row.email)]
  if (address || phone || email) {
    const line = (a: string, p: string, e: string) =>
      [address && `${a}: ${address}`, phone && `${p}: ${phone}`, email && `${e}: ${email}`].filter(Boolean).join('. ')
    items.push({
      key: 'contact',
      kind: 'contact',
      url: '/#contact',
      title: { nl: 'Contactgegevens', en: 'Contact details', de: 'Kontaktdaten' },
      // Words visitors use when they look for these details.
      tags: ['adres', 'locatie', 'kantoor', 'gevestigd', 'zitten', 'bellen', 'telefoon', 'telefoonnummer', 'mailen', 'bereiken', 'address', 'location', 'office', 'located', 'based', 'call', 'phone', 'reach', 'adresse', 'standort', 'büro', 'sitz', 'anrufen', 'telefon', 'erreichen', 'email', 'mail'],
      text: { nl: line('Adres', 'Telefoon', 'E-mail'), en: line('Address', 'Phone', 'Email'), de: line('Adresse', 'Telefon', 'E-Mail') },
    })
  }
  return items
}

const converters: Record<SourceName, { path: (o: SourceOptions) => string; items: (body: unknown, o: SourceOptions) => KnowledgeItem[] }> = {
  content: { path: (o) => `${o.contentUrl}/api/content`, items: contentItems },
  features: {
    path: (o) => `${o.contentUrl}/api/features`,
    items: (body) =>
      rows(body).map((r) => ({ key: `feature:${str(r.id)}`, kind: 'feature', url: '/', title: loc(r, 'title'), text: loc(r, 'description') })),
  },
  projects: {
    path: (o) => `${o.contentUrl}/api/projects`,
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
    path: (o) => `${o.contentUrl}/api/pages`,
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
    path: (o) => `${o.blogUrl}/api/blog?published=true`,
    items: (body) =>
      rows(body)
        .filter((r) => r.published !== false && str(r.slug))
        .map((r) => ({
          key: `post:${str(r.slug)}`,
          kind: 'post',
          url: `/blog/${encodeURIComponent(str(r.slug))}`,
          title: loc(r, 'title', true),
          text: joinLoc(loc(r, 'excerpt', true), loc(r, 'content', true)),
          tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [],
          date: str(r.created_at),
        })),
  },
}

/** Reads one source; throws when the owning service does not answer (the caller keeps what it had). */
export async function readSource(name: SourceName, opts: SourceOptions): Promise<KnowledgeItem[]> {
  const c = converters[name]
  return c.items(await getJson(c.path(opts), opts.timeoutMs), opts)
}
