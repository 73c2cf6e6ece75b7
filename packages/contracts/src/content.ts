/**
 * Shapes of the content service (site content, features, pages, projects, project images):
 * request bodies with the spec's limits (§5, §9) and the answers, shared with the web app.
 * Localized fields are flat (`title_nl`, `title_en`, `title_de`); nl/en required, de optional/null.
 */
import { Type, type Static } from 'typebox'
import { CONTENT_LIMITS, SLUG_PATTERN } from './rules.js'
import { LanguageTranslations } from './translations.js'

export {
  CONTENT_LIMITS,
  CONTENT_FIELD_LABELS,
  MAX_UPLOAD_BYTES,
  SLUG_PATTERN,
  contentFieldMessage,
} from './rules.js'

const text = (max: number) => Type.String({ minLength: 1, maxLength: max })
const optionalText = (max: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]))
const nullableOut = Type.Union([Type.String(), Type.Null()])

function localized<K extends string>(name: K, max: number) {
  return {
    [`${name}_nl`]: text(max),
    [`${name}_en`]: text(max),
    [`${name}_de`]: optionalText(max),
  } as Record<`${K}_nl` | `${K}_en`, ReturnType<typeof text>> &
    Record<`${K}_de`, ReturnType<typeof optionalText>>
}
function localizedOut<K extends string>(name: K) {
  return {
    [`${name}_nl`]: Type.String(),
    [`${name}_en`]: Type.String(),
    [`${name}_de`]: nullableOut,
  } as Record<`${K}_nl` | `${K}_en`, ReturnType<typeof Type.String>> & Record<`${K}_de`, typeof nullableOut>
}

// ---- site content (one record) ---------------------------------------------------------
export const SiteContentInput = Type.Object({
  ...localized('title', CONTENT_LIMITS.title),
  ...localized('intro', CONTENT_LIMITS.intro),
  ...localized('subtitle', CONTENT_LIMITS.subtitle),
  ...localized('philosophy_title', CONTENT_LIMITS.philosophy_title),
  ...localized('philosophy_text', CONTENT_LIMITS.philosophy_text),
  address: text(CONTENT_LIMITS.address),
  phone: text(CONTENT_LIMITS.phone),
  email: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.email, format: 'email' }),
})
export type SiteContentInput = Static<typeof SiteContentInput>

export const SiteContent = Type.Object({
  id: Type.String(),
  ...localizedOut('title'),
  ...localizedOut('intro'),
  ...localizedOut('subtitle'),
  ...localizedOut('philosophy_title'),
  ...localizedOut('philosophy_text'),
  address: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  updated_at: Type.String(),
  /** Per language: origin, stale, review (the admin writes only; docs/editorial.md). */
  translations: Type.Optional(LanguageTranslations),
})
export type SiteContent = Static<typeof SiteContent>

// ---- features ----------------------------------------------------------------------------
export const FeatureInput = Type.Object({
  icon: text(CONTENT_LIMITS.icon),
  ...localized('title', CONTENT_LIMITS.title),
  ...localized('description', CONTENT_LIMITS.feature_description),
})
export type FeatureInput = Static<typeof FeatureInput>

export const Feature = Type.Object({
  id: Type.String(),
  icon: Type.String(),
  ...localizedOut('title'),
  ...localizedOut('description'),
  sort_order: Type.Integer(),
  /** Per language: origin, stale, review (the admin reads only; docs/editorial.md). */
  translations: Type.Optional(LanguageTranslations),
})
export type Feature = Static<typeof Feature>

/** PUT /api/features/order: the ids in their new order (ids left out keep their order after these). */
export const FeatureOrder = Type.Object({
  ids: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 1000 }),
})
export type FeatureOrder = Static<typeof FeatureOrder>

// ---- pages ------------------------------------------------------------------------------
export const PageInput = Type.Object({
  slug: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.slug, pattern: SLUG_PATTERN }),
  ...localized('title', CONTENT_LIMITS.title),
  ...localized('content', CONTENT_LIMITS.page_content),
  ...({
    meta_description_nl: optionalText(CONTENT_LIMITS.meta_description),
    meta_description_en: optionalText(CONTENT_LIMITS.meta_description),
    meta_description_de: optionalText(CONTENT_LIMITS.meta_description),
  } as Record<`meta_description_${'nl' | 'en' | 'de'}`, ReturnType<typeof optionalText>>),
  published: Type.Optional(Type.Boolean({ default: true })),
  /**
   * A draft goes out at this moment, a published page goes off at that one (docs/editorial.md,
   * "Scheduled publishing"); null clears it, absent keeps the page's.
   */
  publish_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  unpublish_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
})
export type PageInput = Static<typeof PageInput>

export const Page = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  ...localizedOut('title'),
  ...localizedOut('content'),
  meta_description_nl: nullableOut,
  meta_description_en: nullableOut,
  meta_description_de: nullableOut,
  published: Type.Boolean(),
  /** The scheduled moments (null when none; cleared once acted on). */
  publish_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  unpublish_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  /**
   * The languages visitors see this page in (issue 47): hreflang and the sitemap list only these;
   * a public read carries no text of the others (absent in a revision kept before it existed).
   */
  languages: Type.Optional(Type.Array(Type.String())),
  /** Per language: published, origin, stale, review (the admin reads only; docs/editorial.md). */
  translations: Type.Optional(LanguageTranslations),
})
export type Page = Static<typeof Page>

/** What the page lists carry (footer links, admin list): a page without its HTML bodies. */
export const PageSummary = Type.Omit(Page, ['content_nl', 'content_en', 'content_de'])
export type PageSummary = Static<typeof PageSummary>

// ---- projects ---------------------------------------------------------------------------
const optionalUrl = Type.Optional(Type.Union([Type.String({ maxLength: CONTENT_LIMITS.url }), Type.Null()]))

export const ProjectInput = Type.Object({
  title: text(CONTENT_LIMITS.title),
  description: text(CONTENT_LIMITS.project_description),
  /** Our own `/objects/...` path (from the upload call) or an http(s) URL. */
  image_url: optionalUrl,
  video_url: optionalUrl,
  link_url: optionalUrl,
})
export type ProjectInput = Static<typeof ProjectInput>

export const Project = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  image_url: nullableOut,
  video_url: nullableOut,
  link_url: nullableOut,
  created_at: Type.String(),
})
export type Project = Static<typeof Project>

export const UploadResponse = Type.Object({ uploadURL: Type.String() })
export type UploadResponse = Static<typeof UploadResponse>

export const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
