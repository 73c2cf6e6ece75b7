import type { Locale } from '@site/contracts'

/** Text per language; missing languages fall back to Dutch (spec §3). */
export type Localized = Partial<Record<Locale, string>>

export type ItemKind = 'content' | 'contact' | 'feature' | 'project' | 'page' | 'post' | 'fact'

/** One thing on the site a visitor can be pointed to: a post, a page, a project, a section. */
export interface KnowledgeItem {
  key: string
  kind: ItemKind
  title: Localized
  /** Plain text (HTML already removed) per language; a language-less text (projects) is stored as `any`. */
  text: Localized & { any?: string }
  /** Link on the site; per language when the anchor differs (the methodology section). */
  url: string | Localized | null
  tags?: string[]
  /** ISO date, for "the latest post" questions. */
  date?: string
}

export function localized(value: Localized, lang: Locale): string {
  return value[lang] || value.nl || value.en || value.de || ''
}

export function itemUrl(item: KnowledgeItem, lang: Locale): string | null {
  if (item.url === null || typeof item.url === 'string') return item.url
  return localized(item.url, lang) || null
}
