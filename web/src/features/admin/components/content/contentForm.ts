// The Content tab's values: every field of the site content a string while editing; German fields
// left empty are sent as null.
import type { SiteContent, SiteContentInput } from '@site/contracts'
import { CONTENT_LANGS, CONTENT_TEXT_FIELDS, type ContentForm } from '../../lib/validation'

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
