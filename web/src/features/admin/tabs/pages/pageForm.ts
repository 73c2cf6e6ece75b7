// The page dialog's values: every edited field a string while editing (the scheduled moments as
// datetime-local values in the admin's zone), the rules the content service also applies, and the
// body sent (the German fields, not edited here, are kept).
import type { Page, PageInput } from '@site/contracts'
import { orNull } from '@/lib/orNull'
import { fromLocalInput, toLocalInput } from '../../lib/localTime'
import { CONTENT_LIMITS, fieldMessage, SLUG_RE } from '../../lib/validation'

export interface PageForm {
  slug: string
  title_nl: string
  title_en: string
  content_nl: string
  content_en: string
  meta_description_nl: string
  meta_description_en: string
  published: boolean
  publish_at: string
  unpublish_at: string
}
export const EMPTY_PAGE_FORM: PageForm = {
  slug: '',
  title_nl: '',
  title_en: '',
  content_nl: '',
  content_en: '',
  meta_description_nl: '',
  meta_description_en: '',
  published: true, // spec §9: pages default to published
  publish_at: '',
  unpublish_at: '',
}
export const pageToForm = (p: Page): PageForm => ({
  slug: p.slug,
  title_nl: p.title_nl,
  title_en: p.title_en,
  content_nl: p.content_nl,
  content_en: p.content_en,
  meta_description_nl: p.meta_description_nl ?? '',
  meta_description_en: p.meta_description_en ?? '',
  published: p.published,
  publish_at: toLocalInput(p.publish_at),
  unpublish_at: toLocalInput(p.unpublish_at),
})

export const PAGE_LIMITS: Partial<Record<keyof PageForm, number>> = {
  slug: CONTENT_LIMITS.slug,
  title_nl: CONTENT_LIMITS.title,
  title_en: CONTENT_LIMITS.title,
  meta_description_nl: CONTENT_LIMITS.meta_description,
  meta_description_en: CONTENT_LIMITS.meta_description,
}

/** The form's errors: field → message (empty when valid). */
export function validatePage(
  form: PageForm,
  texts: { slugInvalid: string; published: string },
): Partial<Record<keyof PageForm, string>> {
  const errors: Partial<Record<keyof PageForm, string>> = {}
  for (const key of ['slug', 'title_nl', 'title_en', 'content_nl', 'content_en'] as const) {
    if (form[key].trim() === '') errors[key] = fieldMessage(key, 'required')
  }
  for (const [key, max] of Object.entries(PAGE_LIMITS) as [keyof PageForm, number][]) {
    const v = form[key]
    if (typeof v === 'string' && v.length > max) errors[key] = fieldMessage(key, 'max', max)
  }
  if (!errors.slug && !SLUG_RE.test(form.slug.trim())) errors.slug = texts.slugInvalid
  // A published page has no publish time (docs/editorial.md): switch it off to schedule it.
  if (form.published && form.publish_at) errors.publish_at = texts.published
  return errors
}

/** PUT/POST /api/pages: the German fields are not edited here, so a save keeps what the page has. */
export function toPageInput(form: PageForm, page: Page | null): PageInput {
  return {
    slug: form.slug.trim(),
    title_nl: form.title_nl.trim(),
    title_en: form.title_en.trim(),
    content_nl: form.content_nl,
    content_en: form.content_en,
    title_de: page?.title_de ?? null,
    content_de: page?.content_de ?? null,
    meta_description_nl: orNull(form.meta_description_nl),
    meta_description_en: orNull(form.meta_description_en),
    meta_description_de: page?.meta_description_de ?? null,
    published: form.published,
    publish_at: fromLocalInput(form.publish_at),
    unpublish_at: fromLocalInput(form.unpublish_at),
  }
}
