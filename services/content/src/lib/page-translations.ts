import {
  isObjectId,
  languageSwitchSet,
  notFound,
  reviewSet,
  sourceChanges,
  translationModel,
  type TLang,
} from '@site/service-kit'
import type { ChangeModel } from '@site/service-kit/changes'
import type { PageDoc, PageModel } from '../models/page.js'
import { PAGE_NOT_FOUND } from '../routes/pages/texts.js'

/**
 * Per language, per page (issue 47): the kit's model over a page's translatable fields. A page is
 * written in Dutch (the source), by people: no machine marks, no import (docs/editorial.md,
 * "Translations: pages").
 */
export const PAGE_TRANSLATABLE = ['title', 'content', 'meta_description'] as const
export const pageTranslations = translationModel(PAGE_TRANSLATABLE)

/** A write of one language of a page: the page before and after. */
export interface PageLanguageWrite {
  before: PageDoc
  after: PageDoc
}

async function loadPage(pages: PageModel, id: string): Promise<PageDoc> {
  const doc = isObjectId(id) ? await pages.findById(id).lean<PageDoc>() : null
  if (!doc) throw notFound(PAGE_NOT_FOUND)
  return doc
}

async function apply(pages: PageModel, before: PageDoc, set: Record<string, unknown> | null) {
  if (!set) return { before, after: before }
  const after = await pages
    .findByIdAndUpdate(before._id, { $set: set }, { returnDocument: 'after' })
    .lean<PageDoc>()
  if (!after) throw notFound(PAGE_NOT_FOUND)
  return { before, after }
}

/** The language's own switch; Dutch only with the page (409 SOURCE_LANGUAGE), never without text (409 NO_TEXT). */
export async function setPageLanguagePublished(
  pages: PageModel,
  id: string,
  lang: TLang,
  on: boolean,
): Promise<PageLanguageWrite> {
  const before = await loadPage(pages, id)
  return apply(pages, before, languageSwitchSet(before as never, lang, on, 'page'))
}

/** Review (current with the source, reviewer named) or "still right" (dismiss) of one language. */
export async function reviewPageLanguage(
  pages: PageModel,
  id: string,
  lang: TLang,
  reviewer: string,
  how: 'review' | 'dismiss',
): Promise<PageLanguageWrite> {
  const before = await loadPage(pages, id)
  const set = reviewSet(pageTranslations, before as never, lang, reviewer, how, {
    noun: 'page',
    marks: false,
  })
  return apply(pages, before, set)
}

/** What changed in the page's source (Dutch) since `lang` was translated: the editor's side by side. */
export async function pageSourceChanges(pages: PageModel, changes: ChangeModel, id: string, lang: TLang) {
  const doc = await loadPage(pages, id)
  return sourceChanges(changes, 'page', pageTranslations, doc as never, lang)
}
