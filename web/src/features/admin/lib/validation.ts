// Client-side rules of the admin forms (spec §5, §9). The services enforce the same limits and
// answer with the same wording (packages/contracts: CONTENT_LIMITS, contentFieldMessage), so a
// message reads the same whether the browser or the server caught it.

/** Spec §9 field maxima; the last ones are the services' own limits (docs/content.md). */
export const CONTENT_LIMITS = {
  title: 200,
  intro: 800,
  subtitle: 200,
  philosophy_title: 200,
  philosophy_text: 1000,
  address: 100,
  phone: 20,
  email: 254,
} as const

export const MAX_UPLOAD_BYTES = 10_485_760
export const USERNAME_MIN = 3
export const USERNAME_MAX = 50
export const PASSWORD_MIN = 8

/** URL-safe page slug (the content service's SLUG_PATTERN). */
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

// Same labels as packages/contracts CONTENT_FIELD_LABELS: each in its field's language.
const LABELS: Record<string, string> = {
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
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  description_nl: 'Nederlandse beschrijving',
  description_en: 'English description',
  content_nl: 'Nederlandse inhoud',
  content_en: 'English content',
  meta_description_nl: 'Nederlandse metabeschrijving',
  meta_description_en: 'English meta description',
  icon: 'Icon',
  slug: 'Slug',
  title: 'Title',
  description: 'Description',
}

/** 'Nederlandse titel moet 200 karakters of minder zijn', 'English title must be 200 characters or less', ... */
export function fieldMessage(field: string, rule: 'max' | 'required' | 'invalid', max = 0): string {
  if (field === 'email' && rule === 'invalid') return 'Must be a valid email address'
  const label = LABELS[field] ?? field
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
  if (lang === 'nl') return `${label} is ongeldig`
  if (lang === 'de') return `${label} ist ungültig`
  return `${label} is invalid`
}

// A practical email check (the HTML input's own rule): something@domain.tld, no spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const isEmail = (v: string) => EMAIL_RE.test(v.trim())

export const CONTENT_TEXT_FIELDS = [
  'title',
  'intro',
  'subtitle',
  'philosophy_title',
  'philosophy_text',
] as const
export type ContentTextField = (typeof CONTENT_TEXT_FIELDS)[number]
export const CONTENT_LANGS = ['nl', 'en', 'de'] as const
export type ContentLang = (typeof CONTENT_LANGS)[number]

export type ContentForm = Record<`${ContentTextField}_${ContentLang}` | 'address' | 'phone' | 'email', string>

/** The errors of the content form: field → message (empty when valid). nl/en required, de optional. */
export function validateContent(
  form: ContentForm,
  opts: { requireFilled: boolean },
): Partial<Record<keyof ContentForm, string>> {
  const errors: Partial<Record<keyof ContentForm, string>> = {}
  for (const f of CONTENT_TEXT_FIELDS) {
    for (const lang of CONTENT_LANGS) {
      const key = `${f}_${lang}` as const
      const value = form[key]
      if (value.length > CONTENT_LIMITS[f]) errors[key] = fieldMessage(key, 'max', CONTENT_LIMITS[f])
      else if (opts.requireFilled && lang !== 'de' && value.trim() === '')
        errors[key] = fieldMessage(key, 'required')
    }
  }
  for (const f of ['address', 'phone'] as const) {
    if (form[f].length > CONTENT_LIMITS[f]) errors[f] = fieldMessage(f, 'max', CONTENT_LIMITS[f])
    else if (opts.requireFilled && form[f].trim() === '') errors[f] = fieldMessage(f, 'required')
  }
  if (form.email.length > CONTENT_LIMITS.email)
    errors.email = fieldMessage('email', 'max', CONTENT_LIMITS.email)
  else if (form.email.trim() === '') {
    if (opts.requireFilled) errors.email = fieldMessage('email', 'required')
  } else if (!isEmail(form.email)) {
    if (opts.requireFilled) errors.email = fieldMessage('email', 'invalid')
  }
  return errors
}

/** Blog upload file rule (spec §5): .txt, .md, .docx by media type or extension. */
export function isBlogFile(file: File): boolean {
  const name = file.name.toLowerCase()
  const types = [
    'text/plain',
    'text/markdown',
    'text/x-markdown',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ]
  return types.includes(file.type) || /\.(txt|md|docx)$/.test(name)
}

/** 1.23 MB */
export function formatMB(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`
}
