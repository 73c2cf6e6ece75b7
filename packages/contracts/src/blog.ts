import { Type, type Static } from 'typebox'
import { LanguageTranslations } from './translations.js'
import { GlossaryIssue } from './glossary.js'

/** Languages a blog upload or a title translation may start from. */
export const BlogSourceLanguage = Type.Union([Type.Literal('nl'), Type.Literal('en')])
export type BlogSourceLanguage = Static<typeof BlogSourceLanguage>

/** Localized fields of a post that translation may fill (and the review marks name). */
export const BLOG_LOCALIZED_FIELDS = [
  'title_nl',
  'title_en',
  'title_de',
  'excerpt_nl',
  'excerpt_en',
  'excerpt_de',
  'content_nl',
  'content_en',
  'content_de',
  'meta_description_nl',
  'meta_description_en',
  'meta_description_de',
] as const
export type BlogLocalizedField = (typeof BLOG_LOCALIZED_FIELDS)[number]

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])

export const BlogPost = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  title_nl: Type.String(),
  title_en: Type.String(),
  title_de: Nullable(Type.String()),
  excerpt_nl: Type.String(),
  excerpt_en: Type.String(),
  excerpt_de: Nullable(Type.String()),
  content_nl: Type.String(),
  content_en: Type.String(),
  content_de: Nullable(Type.String()),
  meta_description_nl: Nullable(Type.String()),
  meta_description_en: Nullable(Type.String()),
  meta_description_de: Nullable(Type.String()),
  featured_image: Nullable(Type.String()),
  published: Type.Boolean(),
  /** A draft goes out at this moment (docs/editorial.md, "Scheduled publishing"); null once it did. */
  publish_at: Nullable(Type.String({ format: 'date-time' })),
  /** A published post goes off the site at this moment; null once it did. */
  unpublish_at: Nullable(Type.String({ format: 'date-time' })),
  author: Type.String(),
  tags: Type.Array(Type.String()),
  /** Fields the LLM wrote that no admin has edited or approved yet. */
  machine_translated: Type.Array(Type.String()),
  /** Fields holding the source-language text because no translation was available (offline import). */
  untranslated: Type.Array(Type.String()),
  /** true while `untranslated` is not empty: the admin list shows "needs translation". */
  needs_translation: Type.Boolean(),
  /** true while any field is machine-translated or untranslated. */
  needs_review: Type.Boolean(),
  /** Glossary rules the machine translation broke, per field; gone when the field is edited or approved. */
  glossary_issues: Type.Array(GlossaryIssue),
  source_language: Nullable(Type.String()),
  /** The languages visitors see this post in (issue 47): hreflang, the sitemap and the feeds list only these. */
  languages: Type.Array(Type.String()),
  /** Per language: published, origin, stale, review (admin reads only; docs/editorial.md, "Translations"). */
  translations: Type.Optional(LanguageTranslations),
  created_at: Type.String(),
  updated_at: Type.String(),
})
export type BlogPost = Static<typeof BlogPost>

/** What a blog card and the admin list show: a post without its HTML bodies. */
export const BlogPostSummary = Type.Omit(BlogPost, ['content_nl', 'content_en', 'content_de'])
export type BlogPostSummary = Static<typeof BlogPostSummary>

/**
 * The editors' marks on a post: which fields a machine wrote or nobody translated, the glossary
 * rules broken, the language it was written in, each language's state. Admin reads carry them;
 * public answers (list, post by slug, changes, preview links) leave them out.
 */
export const EDITORIAL_MARKS = [
  'machine_translated',
  'untranslated',
  'needs_translation',
  'needs_review',
  'glossary_issues',
  'source_language',
  'translations',
] as const
export type EditorialMark = (typeof EDITORIAL_MARKS)[number]

/** A post as visitors, indexers and preview links get it: no editorial marks. */
export const PublicBlogPost = Type.Omit(BlogPost, EDITORIAL_MARKS)
export type PublicBlogPost = Static<typeof PublicBlogPost>
/** A public card: a public post without its HTML bodies. */
export const PublicBlogPostSummary = Type.Omit(BlogPostSummary, EDITORIAL_MARKS)
export type PublicBlogPostSummary = Static<typeof PublicBlogPostSummary>

const Title = Type.String({ minLength: 1, maxLength: 200 })
const OptText = (max: number) => Type.Optional(Nullable(Type.String({ maxLength: max })))
const HTML_MAX = 2_000_000

/** POST /api/blog body. slug and author are optional (generated from the title / the admin's name). */
export const BlogPostCreate = Type.Object({
  title_nl: Title,
  title_en: Title,
  title_de: OptText(200),
  excerpt_nl: Type.String({ maxLength: 1000 }),
  excerpt_en: Type.String({ maxLength: 1000 }),
  excerpt_de: OptText(1000),
  content_nl: Type.String({ maxLength: HTML_MAX }),
  content_en: Type.String({ maxLength: HTML_MAX }),
  content_de: OptText(HTML_MAX),
  meta_description_nl: OptText(500),
  meta_description_en: OptText(500),
  meta_description_de: OptText(500),
  slug: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
  featured_image: OptText(2000),
  published: Type.Optional(Type.Boolean({ default: false })),
  publish_at: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  unpublish_at: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  author: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 30 })),
})
export type BlogPostCreate = Static<typeof BlogPostCreate>

/** PUT /api/blog/{id} body: any subset; `reviewed` approves machine translations without editing them. */
export const BlogPostUpdate = Type.Partial(
  Type.Object({
    ...BlogPostCreate.properties,
    title_nl: Title,
    title_en: Title,
    slug: Type.String({ minLength: 1, maxLength: 120 }),
    published: Type.Boolean(),
    author: Type.String({ minLength: 1, maxLength: 100 }),
    /** Approves the machine translation of these fields without editing them. */
    reviewed: Type.Array(Type.Union(BLOG_LOCALIZED_FIELDS.map((f) => Type.Literal(f))), { maxItems: 12 }),
  }),
)
// TypeBox infers the mapped union of `reviewed` as never[]: the field is typed by hand.
export type BlogPostUpdate = Omit<Static<typeof BlogPostUpdate>, 'reviewed'> & {
  reviewed?: BlogLocalizedField[]
}

/** GET /api/blog/redirects/{slug}: where an old slug of a published post leads (docs/editorial.md). */
export const SlugRedirect = Type.Object({ id: Type.String(), slug: Type.String() })
export type SlugRedirect = Static<typeof SlugRedirect>

export const TranslateTitleRequest = Type.Object({
  title: Type.String({ maxLength: 200 }),
  sourceLanguage: BlogSourceLanguage,
})
export const TranslateTitleResponse = Type.Object({ translatedTitle: Type.String() })
export type TranslateTitleResponse = Static<typeof TranslateTitleResponse>

/** 200 answer of POST /api/blog/upload (and the `result` of a finished import job). */
export const BlogUploadResult = Type.Object({
  blogPost: BlogPost,
  aiGenerated: Type.Object({ tags: Type.Array(Type.String()) }),
  /**
   * True when this upload made the post; false when the same file and overrides had made it before
   * (the editor discards a post on Cancel only when its own import created it).
   */
  created: Type.Optional(Type.Boolean()),
})
export type BlogUploadResult = Static<typeof BlogUploadResult>

/** 202 answer of POST /api/blog/upload when the import takes longer than the bounded wait. */
export const BlogUploadAccepted = Type.Object({
  jobId: Type.String(),
  status: Type.Literal('queued'),
  statusUrl: Type.String(),
})
export type BlogUploadAccepted = Static<typeof BlogUploadAccepted>

export const BLOG_IMPORT_STAGES = [
  'queued',
  'load',
  'extract',
  'sanitize',
  'translate',
  'tag',
  'save',
  'done',
] as const
export type BlogImportStage = (typeof BLOG_IMPORT_STAGES)[number]

export const BlogImportJobStatus = Type.Object({
  id: Type.String(),
  state: Type.Union([
    Type.Literal('waiting'),
    Type.Literal('active'),
    Type.Literal('completed'),
    Type.Literal('failed'),
  ]),
  stage: Type.String(),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  attempts: Type.Integer(),
  result: Type.Optional(BlogUploadResult),
  error: Type.Optional(Type.String()),
})
export type BlogImportJobStatus = Static<typeof BlogImportJobStatus>
