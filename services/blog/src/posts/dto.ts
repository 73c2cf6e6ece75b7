import { EDITORIAL_MARKS, type BlogPost, type BlogPostSummary, type EditorialMark } from '@site/contracts'
import { withLiveLanguagesOnly } from '@site/service-kit'
import { POST_OPTIONAL_FIELDS, type PostDoc } from '../models/post.js'
import { TRANSLATABLE, liveLanguages, translationsView } from '../translations/model.js'

const str = (v: unknown) => (typeof v === 'string' ? v : '')
const nullable = (v: unknown) => (typeof v === 'string' ? v : null)
const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : new Date(String(d ?? 0)).toISOString())
const BODIES = new Set<string>(['content_nl', 'content_en', 'content_de'])
/** The contract's optional texts a summary carries: all but the HTML bodies. */
const SUMMARY_OPTIONAL = POST_OPTIONAL_FIELDS.filter((key) => !BODIES.has(key))

/** What a card and the admin list show: a stored post without its HTML bodies. */
export function toPostSummaryDto(
  doc: Omit<PostDoc, 'content_nl' | 'content_en' | 'content_de'>,
): BlogPostSummary {
  const machine = [...(doc.machine_translated ?? [])]
  const untranslated = [...(doc.untranslated ?? [])]
  const optional = Object.fromEntries(
    SUMMARY_OPTIONAL.map((key) => [key, nullable((doc as Record<string, unknown>)[key])]),
  ) as Pick<BlogPostSummary, Exclude<(typeof POST_OPTIONAL_FIELDS)[number], 'content_de'>>
  return {
    ...optional,
    id: String(doc._id),
    slug: doc.slug,
    title_nl: str(doc.title_nl),
    title_en: str(doc.title_en),
    excerpt_nl: str(doc.excerpt_nl),
    excerpt_en: str(doc.excerpt_en),
    published: Boolean(doc.published),
    publish_at: doc.publish_at ? iso(doc.publish_at) : null,
    unpublish_at: doc.unpublish_at ? iso(doc.unpublish_at) : null,
    author: str(doc.author),
    tags: [...(doc.tags ?? [])],
    machine_translated: machine,
    untranslated,
    needs_translation: untranslated.length > 0,
    needs_review: machine.length > 0 || untranslated.length > 0,
    glossary_issues: (doc.glossary_issues ?? []).map(({ lang, field, term, kind, expected }) => ({
      lang,
      field,
      term,
      kind,
      ...(expected ? { expected } : {}),
    })),
    source_language: nullable(doc.source_language),
    languages: liveLanguages(doc as never),
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

/** The editor's read: the post with its per-language state (docs/editorial.md, "Translations"). */
export function toAdminPostDto(doc: PostDoc): BlogPost {
  return { ...toPostDto(doc), translations: translationsView(doc as never) }
}

/** A post without the editors' marks (EDITORIAL_MARKS): what a preview link's holder reads. */
export function withoutEditorialMarks<T extends BlogPostSummary>(post: T): Omit<T, EditorialMark> {
  const out: Record<string, unknown> = { ...post }
  for (const mark of EDITORIAL_MARKS) delete out[mark]
  return out as Omit<T, EditorialMark>
}

/**
 * What visitors and indexers get: no editorial marks, and a language that is not on the site
 * (taken down, or held for review) carries no text of its own, so no page, feed or index presents
 * it as a translation; the site shows such a language's page in Dutch, marked as such (docs/web.md).
 */
export const toPublicPost = <T extends BlogPostSummary>(post: T): Omit<T, EditorialMark> =>
  withoutEditorialMarks(withLiveLanguagesOnly(post, TRANSLATABLE))
