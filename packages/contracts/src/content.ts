/**
 * Shapes of the content service (site content, features, pages, projects, project images):
 * request bodies with the spec's limits (§5, §9) and the answers, shared with the web app.
 * Localized fields are flat (`title_nl`, `title_en`, `title_de`); nl/en required, de optional/null.
 */
import { Type, type Static } from 'typebox'

/** Field maxima (characters). Spec §9 where it gives them; the rest are our choices (docs/content.md). */
export const CONTENT_LIMITS = {
  title: 200,
  intro: 800,
  subtitle: 200,
  philosophy_title: 200,
  philosophy_text: 1000,
  address: 100,
  phone: 20,
  email: 254,
  icon: 32,
  feature_description: 1000,
  slug: 100,
  page_content: 100_000,
  meta_description: 300,
  project_description: 2000,
  url: 2048,
} as const

/** Largest accepted image upload: 10 MB (spec §9). */
export const MAX_UPLOAD_BYTES = 10_485_760

/** URL-safe page slug: lowercase letters, digits, single hyphens between them. */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$'

const text = (max: number) => Type.String({ minLength: 1, maxLength: max })
const optionalText = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]))
const nullableOut = Type.Union([Type.String(), Type.Null()])

function localized<K extends string>(name: K, max: number) {
  return {
    [`${name}_nl`]: text(max),
    [`${name}_en`]: text(max),
    [`${name}_de`]: optionalText(max),
  } as Record<`${K}_nl` | `${K}_en`, ReturnType<typeof text>> & Record<`${K}_de`, ReturnType<typeof optionalText>>
}
function localizedOut<K extends string>(name: K) {
  return { [`${name}_nl`]: Type.String(), [`${name}_en`]: Type.String(), [`${name}_de`]: nullableOut } as Record<
    `${K}_nl` | `${K}_en`,
    ReturnType<typeof Type.String>
  > &
    Record<`${K}_de`, typeof nullableOut>
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
  created_at: Type.String(),
  updated_at: Type.String(),
})
export type Page = Static<typeof Page>

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

/** Texts of the labels the services use in validation messages; each in its field's language. */
export const CONTENT_FIELD_LABELS: Record<string, string> = {
  title_nl: 'Nederlandse titel',
  title_en: 'English title',
  title_de: 'Deutscher Titel',
  intro_nl: 'Nederlandse intro',
  intro_en: 'English intro',
  intro_de: 'Deutsches Intro',
  subtitle_nl: 'Nederlandse ondertitel',
  subtitle_en: 'English subtitle',
  subtitle_de: 'Deutscher Untertitel',
  philosophy_title_nl: 'Nederlandse filosofietitel',
  philosophy_title_en: 'English philosophy title',
  philosophy_title_de: 'Deutscher Philosophie-Titel',
  philosophy_text_nl: 'Nederlandse filosofietekst',
  philosophy_text_en: 'English philosophy text',
  philosophy_text_de: 'Deutscher Philosophie-Text',
  description_nl: 'Nederlandse beschrijving',
  description_en: 'English description',
  description_de: 'Deutsche Beschreibung',
  content_nl: 'Nederlandse inhoud',
  content_en: 'English content',
  content_de: 'Deutscher Inhalt',
  meta_description_nl: 'Nederlandse metabeschrijving',
  meta_description_en: 'English meta description',
  meta_description_de: 'Deutsche Meta-Beschreibung',
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  icon: 'Icon',
  slug: 'Slug',
  title: 'Title',
  description: 'Description',
  image_url: 'Image URL',
  video_url: 'Video URL',
  link_url: 'Link URL',
  published: 'Published',
  ids: 'Feature order',
}

/**
 * The user-facing message for a field rule, in the field's language (spec §5 gives
 * 'Nederlandse titel moet 200 karakters of minder zijn' and 'English title must be 200 characters or less').
 */
export function contentFieldMessage(field: string, rule: 'max' | 'required' | 'invalid', max = 0): string {
  if (field === 'email' && rule === 'invalid') return 'Must be a valid email address'
  const label = CONTENT_FIELD_LABELS[field] ?? field
  const lang = field.endsWith('_nl') ? 'nl' : field.endsWith('_de') ? 'de' : 'en'
  if (rule === 'max') {
    if (lang === 'nl') return `${label} moet ${max} karakters of minder zijn`
    if (lang === 'de') return `${label} darf höchstens ${max} Zeichen lang sein`
    return `${label} must be ${max} characters or less`
  }
  if (rule === 'required') {
    if (lang === 'nl') return `${label} is verplicht`
    if (lang === 'de') return `${label} ist erforderlich`
    return `${label} is required`
  }
  if (field === 'slug') return 'Slug may only contain lowercase letters, digits and hyphens (for example: about-us)'
  if (lang === 'nl') return `${label} is ongeldig`
  if (lang === 'de') return `${label} ist ungültig`
  return `${label} is invalid`
}
