import type { BlogPost, BlogPostSummary } from '@site/contracts'
import type { PostDoc } from '../models/post.js'

const str = (v: unknown) => (typeof v === 'string' ? v : '')
const nullable = (v: unknown) => (typeof v === 'string' ? v : null)
const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : new Date(String(d ?? 0)).toISOString())

/** What a card and the admin list show: a stored post without its HTML bodies. */
export function toPostSummaryDto(
  doc: Omit<PostDoc, 'content_nl' | 'content_en' | 'content_de'>,
): BlogPostSummary {
  const machine = [...(doc.machine_translated ?? [])]
  const untranslated = [...(doc.untranslated ?? [])]
  return {
    id: String(doc._id),
    slug: doc.slug,
    title_nl: str(doc.title_nl),
    title_en: str(doc.title_en),
    title_de: nullable(doc.title_de),
    excerpt_nl: str(doc.excerpt_nl),
    excerpt_en: str(doc.excerpt_en),
    excerpt_de: nullable(doc.excerpt_de),
    meta_description_nl: nullable(doc.meta_description_nl),
    meta_description_en: nullable(doc.meta_description_en),
    meta_description_de: nullable(doc.meta_description_de),
    featured_image: nullable(doc.featured_image),
    published: Boolean(doc.published),
    author: str(doc.author),
    tags: [...(doc.tags ?? [])],
    machine_translated: machine,
    untranslated,
    needs_translation: untranslated.length > 0,
    needs_review: machine.length > 0 || untranslated.length > 0,
    source_language: nullable(doc.source_language),
    created_at: iso(doc.created_at),
    updated_at: iso(doc.updated_at),
  }
}

/** A stored post as the API shows it (spec §3 plus the review marks). */
export function toPostDto(doc: PostDoc): BlogPost {
  return {
    ...toPostSummaryDto(doc),
    content_nl: str(doc.content_nl),
    content_en: str(doc.content_en),
    content_de: nullable(doc.content_de),
  }
}
