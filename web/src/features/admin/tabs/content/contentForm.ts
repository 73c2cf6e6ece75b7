// The Content tab's values: every field of the site content a string while editing, its rules
// (nl/en required, de optional, the content service's limits); German fields left empty are sent as null.
import type { SiteContent, SiteContentInput } from '@site/contracts'
import { CONTENT_LIMITS, fieldMessage } from '../../lib/validation'

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

export const EMPTY: ContentForm = Object.fromEntries(
  [
    ...CONTENT_TEXT_FIELDS.flatMap((f) => CONTENT_LANGS.map((l) => `${f}_${l}`)),
    'address',
    'phone',
    'email',
  ].map((k) => [k, '']),
) as ContentForm

export function toForm(c: SiteContent): ContentForm {
  const r = c as unknown as Record<string, string | null | undefined>
  const form = { ...EMPTY }
  for (const key of Object.keys(EMPTY) as (keyof ContentForm)[]) form[key] = r[key] ?? ''
  return form
}

export function toInput(form: ContentForm): SiteContentInput {
  const out: Record<string, string | null> = {}
  for (const [k, v] of Object.entries(form))
    out[k] = k.endsWith('_de') ? (v.trim() === '' ? null : v) : v.trim()
  return out as unknown as SiteContentInput
}
