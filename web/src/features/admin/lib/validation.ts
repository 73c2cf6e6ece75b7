// Client-side rules of the admin forms (spec §5, §9). The limits and messages are the services'
// own (`@site/contracts/rules`), so a message reads the same whether the browser or the server
// caught it.
import {
  CONTENT_LIMITS,
  PASSWORD_MIN,
  SLUG_PATTERN,
  USERNAME_MAX,
  USERNAME_MIN,
  contentFieldMessage,
} from '@site/contracts/rules'

export { CONTENT_LIMITS, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN }

/** 'Nederlandse titel moet 200 karakters of minder zijn', 'English title must be 200 characters or less', ... */
export const fieldMessage = contentFieldMessage

/** URL-safe page slug (the content service checks the same pattern). */
export const SLUG_RE = new RegExp(SLUG_PATTERN)

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
