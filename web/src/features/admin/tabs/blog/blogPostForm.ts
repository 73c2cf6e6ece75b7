// The post editor's fields, from the contract: POST_FIELDS lists every field of BlogPostCreate with
// how the editor treats it, so a field added to the contract is a type error here until it is
// listed (and, when edited, until it has its label). The form's values, the empty form, the
// conversions to and from the API and the rendering (BlogPostFields) follow this list.
import type { BlogLocalizedField, BlogPost, BlogPostCreate, BlogPostUpdate } from '@site/contracts'
import { fromLocalInput, toLocalInput } from '../../lib/localTime'

type Field = keyof BlogPostCreate

/** A text input. `empty`: what an empty input sends: '' (default), null (clears the field), or
 * nothing (`server`: generated on create, the post's own kept on update). */
interface TextSpec {
  rows?: number
  url?: true
  trim?: true
  hint?: true
  /** Beside the next field (two columns). */
  half?: true
  empty?: 'null' | 'server'
}
type FieldSpec =
  | ({ kind: 'text' } & TextSpec)
  /** The titles, with their translate buttons (TitleField). */
  | ({ kind: 'title' } & TextSpec)
  | { kind: 'switch' }
  /** Not in the editor: imports and translations fill it, a save keeps the post's value. */
  | { kind: 'kept' }
  /** A moment (docs/editorial.md, scheduling), edited as a date and time in the admin's zone. */
  | { kind: 'moment' }

export const POST_FIELDS = {
  title_nl: { kind: 'title', trim: true },
  title_en: { kind: 'title', trim: true },
  slug: { kind: 'text', hint: true, empty: 'server' },
  excerpt_nl: { kind: 'text', rows: 3, half: true },
  excerpt_en: { kind: 'text', rows: 3 },
  content_nl: { kind: 'text', rows: 8, hint: true },
  content_en: { kind: 'text', rows: 8, hint: true },
  author: { kind: 'text', hint: true, half: true, empty: 'server' },
  featured_image: { kind: 'text', url: true, empty: 'null' },
  published: { kind: 'switch' },
  title_de: { kind: 'kept' },
  excerpt_de: { kind: 'kept' },
  content_de: { kind: 'kept' },
  meta_description_nl: { kind: 'kept' },
  meta_description_en: { kind: 'kept' },
  meta_description_de: { kind: 'kept' },
  tags: { kind: 'kept' },
  publish_at: { kind: 'moment' },
  unpublish_at: { kind: 'moment' },
} as const satisfies Record<Field, FieldSpec>

type Spec = typeof POST_FIELDS
/** The fields typed into an input: the titles and the text fields. */
export type PostTextField = { [K in Field]: Spec[K]['kind'] extends 'text' | 'title' ? K : never }[Field]
/** The scheduled moments (datetime-local inputs). */
export type PostMomentField = { [K in Field]: Spec[K]['kind'] extends 'moment' ? K : never }[Field]
/** The fields the editor shows (each needs its label in the admin texts, `blog.fields`). */
export type PostFormField = PostTextField | PostMomentField | 'published'
/** The text fields with a hint under them. */
export type PostHintField = {
  [K in PostTextField]: Spec[K] extends { hint: true } ? K : never
}[PostTextField]

/** Moments as a datetime-local input holds them: the admin's local time, `YYYY-MM-DDTHH:mm`, or ''. */
export type BlogPostForm = Record<PostTextField | PostMomentField, string> & { published: boolean }
export const MOMENT_FIELDS: PostMomentField[] = ['publish_at', 'unpublish_at']

const TEXT_FIELDS = (Object.keys(POST_FIELDS) as Field[]).filter(
  (key): key is PostTextField => POST_FIELDS[key].kind === 'text' || POST_FIELDS[key].kind === 'title',
)
/** How a text field is edited. */
export const textSpec = (key: PostTextField): TextSpec => POST_FIELDS[key]
/** The text fields below the titles, in form order (BlogPostFields). */
export const POST_INPUTS = TEXT_FIELDS.filter((key) => POST_FIELDS[key].kind === 'text')

export const EMPTY_POST_FORM: BlogPostForm = {
  ...(Object.fromEntries(TEXT_FIELDS.map((key) => [key, ''])) as Record<PostTextField, string>),
  published: false, // spec §9: posts default to unpublished
  publish_at: '',
  unpublish_at: '',
}

export const postToForm = (p: BlogPost): BlogPostForm => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((key) => [key, p[key] ?? ''])) as Record<PostTextField, string>),
  published: p.published ?? false,
  publish_at: toLocalInput(p.publish_at),
  unpublish_at: toLocalInput(p.unpublish_at),
})

/** The fields the LLM wrote or left untranslated that nobody reviewed yet. */
export function reviewFields(
  p: Pick<BlogPost, 'machine_translated' | 'untranslated'> | null | undefined,
): string[] {
  if (!p) return []
  return [...new Set([...p.machine_translated, ...p.untranslated])]
}

/** Each edited field as the API takes it; `undefined`: not sent (left to the server). */
function values(f: BlogPostForm): Record<string, unknown> {
  const out: Record<string, unknown> = { published: f.published }
  // A local date and time read in the admin's zone; empty clears the moment.
  for (const key of MOMENT_FIELDS) out[key] = fromLocalInput(f[key])
  for (const key of TEXT_FIELDS) {
    const { trim, empty } = textSpec(key)
    const value = trim || empty ? f[key].trim() : f[key]
    if (value !== '' || !empty) out[key] = value
    else if (empty === 'null') out[key] = null
  }
  return out
}

/** POST /api/blog: an empty slug or author is generated by the server (sent as null). */
export function toCreateBody(f: BlogPostForm): BlogPostCreate {
  const body = values(f)
  for (const key of TEXT_FIELDS) if (textSpec(key).empty === 'server' && !(key in body)) body[key] = null
  return body as BlogPostCreate
}

/** PUT /api/blog/{id}: an empty slug or author keeps the post's; `reviewed` approves these review marks. */
export function toUpdateBody(f: BlogPostForm, reviewed: string[]): BlogPostUpdate {
  const body = values(f) as BlogPostUpdate
  // The service names only localized fields in its review marks.
  if (reviewed.length) body.reviewed = reviewed as BlogLocalizedField[]
  return body
}
