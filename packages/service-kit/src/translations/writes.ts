import type { FastifyRequest } from 'fastify'
import { ROLE_MESSAGES } from '@site/contracts'
import { adminCan } from '../admin.js'
import { conflict, forbidden } from '../errors.js'
import type { SessionUser } from '../session/format.js'
import {
  alwaysOn,
  hasText,
  langOf,
  sourceOf,
  type TLang,
  type TranslatedDoc,
  type TranslationModel,
} from './model.js'

const LANGUAGE_LABELS: Record<TLang, string> = { nl: 'Dutch', en: 'English', de: 'German' }
/** 409 NO_TEXT: the language has nothing to publish or review. `noun`: "post", "page". */
export const noTextMessage = (noun: string, lang: TLang) =>
  `This ${noun} has no ${LANGUAGE_LABELS[lang]} text yet. Translate it or write it first.`
export const sourceAloneMessage = (noun: string) =>
  `Dutch and the source language of a ${noun} cannot be taken down alone: unpublish the ${noun} instead.`

/** A field list without the fields of `lang`. */
export const withoutLang = (list: string[] | null | undefined, lang: TLang) =>
  (list ?? []).filter((f) => langOf(f) !== lang)

/** 403 unless the caller may work on this language: everyone who edits all content; a translator only theirs. */
export async function mayWorkOnLanguage(request: FastifyRequest, lang: TLang): Promise<SessionUser> {
  const admin = await request.getAdmin()
  if (adminCan(admin, 'content.edit')) return admin!
  const langs = admin?.languages ?? []
  if (!langs.includes(lang)) throw forbidden(ROLE_MESSAGES.languagesOnly(langs), 'FORBIDDEN_LANGUAGE')
  return admin!
}

/**
 * The `$set` of a language's own switch, or null when nothing changes (the source language is
 * always on: 409 SOURCE_LANGUAGE for taking it down alone; 409 NO_TEXT to publish a language
 * without text).
 */
export function languageSwitchSet(
  doc: TranslatedDoc,
  lang: TLang,
  on: boolean,
  noun: string,
): Record<string, unknown> | null {
  if (alwaysOn(doc, lang)) {
    if (!on) throw conflict(sourceAloneMessage(noun), 'SOURCE_LANGUAGE')
    return null
  }
  if (on && !hasText(doc, lang)) throw conflict(noTextMessage(noun, lang), 'NO_TEXT')
  return { [`translations.${lang}.published`]: on, [`translations.${lang}.held`]: false }
}

/**
 * The `$set` of a person with the language who reviewed it (`review`: its machine and untranslated
 * marks go when the kind has them (`marks`), it is current with the source, and a language a
 * machine run held back goes on the site) or confirmed it is still right after a source change
 * (`dismiss`: only the stale flag goes). Both name the person.
 */
export function reviewSet(
  model: TranslationModel,
  doc: TranslatedDoc,
  lang: TLang,
  reviewer: string,
  how: 'review' | 'dismiss',
  opts: { noun: string; marks: boolean },
): Record<string, unknown> {
  if (!hasText(doc, lang)) throw conflict(noTextMessage(opts.noun, lang), 'NO_TEXT')
  const source = sourceOf(doc)
  const from = lang === source ? null : (doc.translations?.[lang]?.source_lang ?? source)
  const set: Record<string, unknown> = {
    [`translations.${lang}.source_lang`]: from,
    [`translations.${lang}.source_rev`]: from ? model.sourceHash(doc, from) : null,
    [`translations.${lang}.reviewed_by`]: reviewer,
    [`translations.${lang}.reviewed_at`]: new Date(),
    source_revs: model.revsOf(doc),
  }
  if (how === 'review') {
    if (opts.marks) {
      set.machine_translated = withoutLang(doc.machine_translated, lang)
      set.untranslated = withoutLang(doc.untranslated, lang)
    }
    if (doc.translations?.[lang]?.held) {
      set[`translations.${lang}.published`] = true
      set[`translations.${lang}.held`] = false
    }
  }
  return set
}
