import type { Feature, Page, PageSummary, Project, SiteContent } from '@site/contracts'
import { liveLanguages, withLiveLanguagesOnly } from '@site/service-kit'
import { PROJECT_OPTIONAL_FIELDS } from '../models/project.js'
import { PAGE_TRANSLATABLE, pageTranslations } from './page-translations.js'
import {
  CONTENT_TEXTS,
  contentTranslations,
  featureTranslations,
  shownAlways,
} from './localized-translations.js'

export { CONTENT_TEXTS }

type Doc = Record<string, unknown> & { _id: unknown }

const str = (v: unknown) => (typeof v === 'string' ? v : '')
const strOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v ?? 0)).toISOString())

function localized(doc: Doc, names: string[], out: Record<string, unknown>) {
  for (const name of names) {
    out[`${name}_nl`] = str(doc[`${name}_nl`])
    out[`${name}_en`] = str(doc[`${name}_en`])
    out[`${name}_de`] = strOrNull(doc[`${name}_de`])
  }
  return out
}

export function toContentDto(doc: Doc): SiteContent {
  const out = localized(doc, CONTENT_TEXTS, { id: String(doc._id) })
  return {
    ...out,
    address: str(doc.address),
    phone: str(doc.phone),
    email: str(doc.email),
    updated_at: iso(doc.updated_at),
  } as SiteContent
}

/** The admin's read of the site content: with its per-language state (docs/editorial.md). */
export const toAdminContentDto = (doc: Doc): SiteContent => ({
  ...toContentDto(doc),
  translations: contentTranslations.translationsView(shownAlways(doc)),
})

export function toFeatureDto(doc: Doc): Feature {
  const out = localized(doc, ['title', 'description'], { id: String(doc._id), icon: str(doc.icon) })
  return { ...out, sort_order: Number(doc.sort_order ?? 0) } as Feature
}

/** The feature editor's read: the feature with its per-language state (docs/editorial.md). */
export const toAdminFeatureDto = (doc: Doc): Feature => ({
  ...toFeatureDto(doc),
  translations: featureTranslations.translationsView(shownAlways(doc)),
})

export function toPageDto(doc: Doc): Page {
  return { ...toPageSummaryDto(doc), ...localized(doc, ['content'], {}) } as Page
}

/** The editor's read: the page with its per-language state (docs/editorial.md, "Translations: pages"). */
export const toAdminPageDto = (doc: Doc): Page => ({
  ...toPageDto(doc),
  translations: pageTranslations.translationsView(doc),
})

/**
 * What visitors and indexers get of a page or its summary: a language that is not on the site
 * carries no text of its own, so it is never presented as a translation (docs/web.md).
 */
export const toPublicPage = <T extends PageSummary>(page: T): T =>
  withLiveLanguagesOnly(page as T & { languages: string[] }, PAGE_TRANSLATABLE)

/** A page without its HTML bodies: what the lists carry. */
export function toPageSummaryDto(doc: Doc): PageSummary {
  const out = localized(doc, ['title'], { id: String(doc._id), slug: str(doc.slug) })
  for (const l of ['nl', 'en', 'de']) out[`meta_description_${l}`] = strOrNull(doc[`meta_description_${l}`])
  return {
    ...out,
    published: doc.published !== false,
    publish_at: doc.publish_at ? iso(doc.publish_at) : null,
    unpublish_at: doc.unpublish_at ? iso(doc.unpublish_at) : null,
    created_at: iso(doc.created_at),
    updated_at: iso(doc.updated_at),
    languages: liveLanguages(doc),
  } as PageSummary
}

export function toProjectDto(doc: Doc): Project {
  const out: Record<string, unknown> = {
    id: String(doc._id),
    title: str(doc.title),
    description: str(doc.description),
  }
  for (const key of PROJECT_OPTIONAL_FIELDS) out[key] = strOrNull(doc[key])
  return { ...out, created_at: iso(doc.created_at) } as Project
}

/** Optional text fields arrive as absent, null or '' (a cleared input): all stored as null. */
export function nullIfEmpty<T extends Record<string, unknown>>(body: T, keys: string[]): T {
  const out: Record<string, unknown> = { ...body }
  for (const key of keys) {
    const v = out[key]
    out[key] = typeof v === 'string' && v.trim() !== '' ? v : null
  }
  return out as T
}
