import {
  badRequest,
  isObjectId,
  languageSwitchSet,
  notFound,
  reviewSet,
  withoutLang,
} from '@site/service-kit'
import type { BlogPostUpdate } from '@site/contracts'
import type { PostDoc, PostModel } from '../models/post.js'
import { NOT_FOUND, updatePost } from '../posts/repo.js'
import {
  alwaysOn,
  fieldsOf,
  humanEditMarks,
  postTranslations,
  revsOf,
  sourceHash,
  sourceOf,
  type TLang,
  type TranslatableField,
} from './model.js'

/** A write of one language of a post: the post before and after. */
export interface LanguageWrite {
  before: PostDoc
  after: PostDoc
}

export async function loadPost(posts: PostModel, id: string): Promise<PostDoc> {
  const doc = isObjectId(id) ? await posts.findById(id).lean<PostDoc>() : null
  if (!doc) throw notFound(NOT_FOUND, 'POST_NOT_FOUND')
  return doc
}

async function apply(posts: PostModel, before: PostDoc, update: object): Promise<LanguageWrite> {
  const after = await posts.findByIdAndUpdate(before._id, update, { returnDocument: 'after' }).lean<PostDoc>()
  if (!after) throw notFound(NOT_FOUND, 'POST_NOT_FOUND')
  return { before, after }
}

const without = withoutLang

/**
 * A person's text for one language (the editor, an XLIFF import, ...): the fields go through the
 * post's one write path (sanitized), and the language becomes `human`, written from the current
 * source revision (no longer stale), its machine marks gone, also where a field did not change
 * (the person confirmed it). The caller takes the after-write path (posts/save.ts afterPostWrite).
 */
export async function writeHumanTranslation(
  posts: PostModel,
  id: string,
  lang: TLang,
  fields: Partial<Record<TranslatableField, string | null>>,
): Promise<LanguageWrite> {
  const body: Record<string, unknown> = {}
  for (const [f, v] of Object.entries(fields)) if (v !== undefined) body[`${f}_${lang}`] = v
  const { before, after } = await updatePost(posts, id, body as BlogPostUpdate)
  const marks = humanEditMarks(after as never, after as never, fieldsOf(lang))
  const done = await apply(posts, after, {
    $set: {
      ...marks,
      machine_translated: without(after.machine_translated, lang),
      untranslated: without(after.untranslated, lang),
    },
  })
  return { before, after: done.after }
}

/** The language's own switch. The source language is always on (409 for taking it down alone). */
export async function setLanguagePublished(
  posts: PostModel,
  id: string,
  lang: TLang,
  on: boolean,
): Promise<LanguageWrite> {
  const before = await loadPost(posts, id)
  const set = languageSwitchSet(before as never, lang, on, 'post')
  return set ? apply(posts, before, { $set: set }) : { before, after: before }
}

/**
 * A person with the language reviewed it (`review`: its machine and untranslated marks go, it is
 * current with the source, and a language a machine run held back goes on the site) or confirmed
 * it is still right after a source change (`dismiss`: only the stale flag goes). Both name them.
 */
export async function reviewLanguage(
  posts: PostModel,
  id: string,
  lang: TLang,
  reviewer: string,
  how: 'review' | 'dismiss',
): Promise<LanguageWrite> {
  const before = await loadPost(posts, id)
  const set = reviewSet(postTranslations, before as never, lang, reviewer, how, { noun: 'post', marks: true })
  return apply(posts, before, { $set: set })
}

/**
 * The fields of `lang` a re-translation would overwrite although a person wrote, edited or
 * reviewed them since the last machine run: every field with text that carries no machine or
 * untranslated mark.
 */
export function humanFields(doc: PostDoc, lang: TLang, fields: readonly string[]): string[] {
  const marks = new Set([...(doc.machine_translated ?? []), ...(doc.untranslated ?? [])])
  const rec = doc as unknown as Record<string, unknown>
  return fields.filter((f) => typeof rec[f] === 'string' && (rec[f] as string).trim() !== '' && !marks.has(f))
}

/** Writes a machine run's fields for `lang`: marked machine, from the current source; held back when asked. */
export async function writeMachineTranslation(
  posts: PostModel,
  before: PostDoc,
  lang: TLang,
  fields: Record<string, string>,
  opts: { untranslated: boolean; hold: boolean },
): Promise<LanguageWrite> {
  const source = sourceOf(before as never)
  if (lang === source) throw badRequest('The source language is not translated.', 'SOURCE_LANGUAGE')
  const written = Object.keys(fields)
  const mark = opts.untranslated ? 'untranslated' : 'machine_translated'
  const other = opts.untranslated ? 'machine_translated' : 'untranslated'
  const set: Record<string, unknown> = {
    ...fields,
    [mark]: [...new Set([...(before[mark] ?? []), ...written])],
    [other]: (before[other] ?? []).filter((f) => !written.includes(f)),
    [`translations.${lang}.origin`]: 'machine',
    [`translations.${lang}.source_lang`]: source,
    [`translations.${lang}.source_rev`]: sourceHash(before as never, source),
    [`translations.${lang}.reviewed_by`]: null,
    [`translations.${lang}.reviewed_at`]: null,
    source_revs: revsOf({ ...before, ...fields } as never),
  }
  // Review before going live (the language's setting) applies to every machine run, not only the first.
  if (opts.hold && !alwaysOn(before as never, lang)) {
    set[`translations.${lang}.published`] = false
    set[`translations.${lang}.held`] = true
  }
  return apply(posts, before, { $set: set })
}
