/**
 * The rules the services enforce and the web app mirrors, as plain values (no schema library), so
 * the browser bundle can import them without TypeBox: `@site/contracts/rules`.
 */

/** The highest page number a paged list accepts (a larger one is a 400, not an empty page). */
export const PAGE_MAX = 100_000

/** Username and password rules (product spec §5, §9); the server enforces them, the UI mirrors them. */
export const USERNAME_MIN = 3
export const USERNAME_MAX = 50
export const PASSWORD_MIN = 8
/** A display name is a post's byline: at most as long as a post's author. */
export const DISPLAY_NAME_MAX = 100
/**
 * The byline of a post whose author has not chosen a display name, and of any post whose stored
 * author is a login name: the site's name (the web app's SITE_NAME), never the login name (issue 29).
 */
export const DEFAULT_BYLINE = 'Software & Automation'
/** The byline an admin's posts get: their display name, else the site's. */
export const bylineOf = (user: { display_name?: string | null }) =>
  user.display_name?.trim() || DEFAULT_BYLINE

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

/**
 * A strict e-mail address check, shared by the contact service and the web app: a dot-atom local
 * part of letters (any script), digits and `_ + ' -` only, and a dotted domain of letters, digits and
 * inner hyphens. RFC 5322 allows more (`? & = % # / ! $ ...`), but those let a visitor plant URI
 * parameters in a `mailto:` link, and real addresses of visitors do not need them.
 */
export const EMAIL_PATTERN =
  /^[\p{L}\p{M}\p{N}_+'-]+(?:\.[\p{L}\p{M}\p{N}_+'-]+)*@(?:[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?\.)+[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])$/u

export const isEmailAddress = (value: string) =>
  value.length <= CONTENT_LIMITS.email && EMAIL_PATTERN.test(value)

/** Largest accepted image upload: 10 MB (spec §9). */
export const MAX_UPLOAD_BYTES = 10_485_760

/** URL-safe page slug: lowercase letters, digits, single hyphens between them. */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$'

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
  publish_at: 'Publish at',
  unpublish_at: 'Take offline at',
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
  if (field === 'publish_at' || field === 'unpublish_at')
    return `${label} must be a date and time with its zone, for example 2026-12-01T09:00:00+01:00`
  if (field === 'slug')
    return 'Slug may only contain lowercase letters, digits and hyphens (for example: about-us)'
  if (lang === 'nl') return `${label} is ongeldig`
  if (lang === 'de') return `${label} ist ungültig`
  return `${label} is invalid`
}

/**
 * Widths the responsive variants of stored images are made at; never wider than the original. 800
 * sits between 640 and 960 for phones at 1.75-2x (a 380 px card needs 665-760 px): with 960 next,
 * Lighthouse's image delivery check counted 13 KB too many per card on /blog.
 */
export const VARIANT_WIDTHS = [320, 640, 800, 960, 1280, 1920] as const
/** Formats the variants are made in, best first (a `<picture>` lists them in this order). */
export const VARIANT_FORMATS = ['avif', 'webp'] as const
export type VariantFormat = (typeof VARIANT_FORMATS)[number]
/** The public path of one variant: `<base>-w<width>.<format>` beside the original. */
export const variantUrl = (base: string, width: number, format: VariantFormat) =>
  `${base}-w${width}.${format}`
