import { createHash } from 'node:crypto'
import type { LanguageTranslation, TranslationState } from '@site/contracts'

/**
 * Per language, per document (issue 47): whether the language is on the site, where its text came
 * from, from which source revision, whether it is stale and who reviewed it. The same for every
 * kind of document; what differs is the set of translatable fields (`translationModel(fields)`).
 * docs/editorial.md, "Translations", has the rules; this file has the model and the derivations.
 */
export const TRANSLATION_LANGS = ['nl', 'en', 'de'] as const
export type TLang = (typeof TRANSLATION_LANGS)[number]
export const isTLang = (v: unknown): v is TLang => TRANSLATION_LANGS.includes(v as TLang)

/** The language of a localized field name (`content_de` → `de`), or null. */
export const langOf = (field: string): TLang | null => {
  const l = /_([a-z]{2})$/.exec(field)?.[1]
  return isTLang(l) ? l : null
}

export type Origin = 'human' | 'machine' | 'import'

/** What a document stores under `translations.<lang>` (every key optional: older documents have none). */
export interface StoredTranslation {
  /** The language's own switch; absent = on. The source language is never switched off alone. */
  published?: boolean
  /** Set when a machine run switched the language off until review (the per-language setting). */
  held?: boolean
  origin?: Origin
  source_lang?: TLang | null
  /** Hash of the source language's translatable fields when this language was last written. */
  source_rev?: string | null
  /** Who reviewed the language or confirmed it "still right" (dismiss), and when. */
  reviewed_by?: string | null
  reviewed_at?: Date | null
}
export type StoredTranslations = Partial<Record<TLang, StoredTranslation>>

/** The parts of a stored document the model reads (a post has all of them, a page the first few). */
export type TranslatedDoc = Record<string, unknown> & {
  translations?: StoredTranslations | null
  source_revs?: Partial<Record<TLang, string>> | null
  machine_translated?: string[] | null
  untranslated?: string[] | null
  source_language?: string | null
  source_upload_id?: string | null
  published?: boolean
}

/** The language a document was written in: an import's, else Dutch (the site's first language). */
export const sourceOf = (doc: TranslatedDoc): TLang =>
  isTLang(doc.source_language) ? doc.source_language : 'nl'

/** Whether a language has text of its own (nl and en always; de once it has a title). */
export const hasText = (doc: TranslatedDoc, lang: TLang) =>
  lang !== 'de' || (typeof doc.title_de === 'string' && doc.title_de.trim() !== '')

/** Fields of `lang` a machine wrote or an offline import copied from the source, not yet edited or reviewed. */
export const pendingFields = (doc: TranslatedDoc, lang: TLang) =>
  [...(doc.machine_translated ?? []), ...(doc.untranslated ?? [])].filter((f) => langOf(f) === lang)

/** A language's origin, also for a document written before the model (derived from an import's marks). */
export function originOf(doc: TranslatedDoc, lang: TLang, stored: StoredTranslation): Origin {
  if (stored.origin) return stored.origin
  if ((doc.machine_translated ?? []).some((f) => langOf(f) === lang)) return 'machine'
  return doc.source_upload_id ? 'import' : 'human'
}

/**
 * The languages that are on the site whenever the document is: its source, and Dutch (the site's
 * fallback for every field, spec §3). Neither is taken down alone nor held back for review.
 */
export const alwaysOn = (doc: TranslatedDoc, lang: TLang) => lang === 'nl' || lang === sourceOf(doc)

/** Whether visitors see this language of the document (what hreflang, the sitemap and the feeds list). */
export function isLive(doc: TranslatedDoc, lang: TLang): boolean {
  const stored = doc.translations?.[lang] ?? {}
  if (!doc.published || !hasText(doc, lang)) return false
  return alwaysOn(doc, lang) || stored.published !== false
}

/** The languages visitors see, in the site's order. */
export const liveLanguages = (doc: TranslatedDoc): TLang[] => TRANSLATION_LANGS.filter((l) => isLive(doc, l))

/**
 * What visitors and indexers get of a document's answer (`languages`: its live ones): a language
 * that is not on the site carries no text of its own, so no page, feed or index presents it as a
 * translation; the site shows it in Dutch, marked as such (docs/web.md). English texts are
 * required strings (emptied), German ones and meta descriptions nullable (nulled).
 */
export function withLiveLanguagesOnly<T extends { languages: string[] }>(
  record: T,
  fields: readonly string[],
): T {
  const out: Record<string, unknown> = { ...record }
  for (const lang of ['en', 'de'] as const) {
    if (record.languages.includes(lang)) continue
    for (const f of fields) {
      const key = `${f}_${lang}`
      if (key in out) out[key] = lang === 'en' && f !== 'meta_description' ? '' : null
    }
  }
  return out as T
}

/**
 * The stored languages after a `$set` of `translations.<lang>.<key>` entries (humanEditMarks'):
 * for a write that sets `translations` whole (and must answer the document after it).
 */
export function withTranslationSet(
  stored: StoredTranslations | null | undefined,
  set: Record<string, unknown>,
) {
  const out: Record<string, Record<string, unknown>> = {}
  for (const [lang, entry] of Object.entries(stored ?? {})) out[lang] = { ...entry }
  for (const [path, value] of Object.entries(set)) {
    const [head, lang, key] = path.split('.')
    if (head === 'translations' && lang && key) (out[lang] ??= {})[key] = value
  }
  return out as StoredTranslations
}

/** The model for one kind of document: `fields` are its translatable fields without the `_<lang>` suffix. */
export function translationModel<F extends string>(fields: readonly F[]) {
  const fieldsOf = (lang: TLang) => fields.map((f) => `${f}_${lang}`)

  /** Hash of a language's translatable fields (whitespace at the ends ignored; a missing field = ''). */
  function sourceHash(doc: Record<string, unknown>, lang: TLang): string {
    const h = createHash('sha256')
    for (const f of fieldsOf(lang)) {
      const v = doc[f]
      h.update(`${f}\u0000${typeof v === 'string' ? v.trim() : ''}\u0001`)
    }
    return h.digest('hex').slice(0, 16)
  }

  /** Every language's hash, kept on the document at each write: the board derives staleness without the bodies. */
  const revsOf = (doc: TranslatedDoc) =>
    Object.fromEntries(TRANSLATION_LANGS.map((l) => [l, sourceHash(doc, l)])) as Record<TLang, string>

  /** A language's hash now: the kept one, else computed (an older document, read with its bodies). */
  const currentRev = (doc: TranslatedDoc, lang: TLang) => doc.source_revs?.[lang] ?? sourceHash(doc, lang)

  /** One language of a document as the admin reads it. */
  function translationView(doc: TranslatedDoc, lang: TLang): LanguageTranslation {
    const stored = doc.translations?.[lang] ?? {}
    const source = sourceOf(doc)
    const isSource = lang === source
    const exists = hasText(doc, lang)
    const from = isSource ? null : (stored.source_lang ?? source)
    // A translation written before the model has no revision: it counts as current until the source changes.
    const stale = Boolean(
      !isSource && exists && stored.source_rev && stored.source_rev !== currentRev(doc, from!),
    )
    const pending = pendingFields(doc, lang)
    const live = isLive(doc, lang)
    const state: TranslationState = !exists
      ? 'missing'
      : pending.length
        ? 'needs_review'
        : stale
          ? 'stale'
          : live
            ? 'published'
            : 'reviewed'
    return {
      published: alwaysOn(doc, lang) || stored.published !== false,
      live,
      origin: exists ? originOf(doc, lang, stored) : null,
      source_lang: from,
      source_rev: stored.source_rev ?? null,
      stale,
      needs_review: pending.length > 0,
      pending_fields: pending,
      held: Boolean(stored.held),
      reviewed_by: stored.reviewed_by ?? null,
      reviewed_at: stored.reviewed_at ? new Date(stored.reviewed_at).toISOString() : null,
      state,
    }
  }

  const translationsView = (doc: TranslatedDoc) =>
    Object.fromEntries(TRANSLATION_LANGS.map((l) => [l, translationView(doc, l)])) as Record<
      TLang,
      LanguageTranslation
    >

  /**
   * The `$set` entries that mark the languages a person changed (`changed`: field names whose
   * value changed) as their own: origin human, written from the current source revision (so no
   * longer stale). `next` is the document as it will be after the write.
   */
  function humanEditMarks(
    current: TranslatedDoc,
    next: TranslatedDoc,
    changed: Iterable<string>,
  ): Record<string, unknown> {
    const source = sourceOf(next)
    const set: Record<string, unknown> = {}
    const langs = new Set([...changed].map(langOf).filter((l): l is TLang => l !== null))
    // A translation from before the model has no revision yet: it was current until this edit of its source.
    if (langs.has(source))
      for (const lang of TRANSLATION_LANGS)
        if (
          lang !== source &&
          !langs.has(lang) &&
          hasText(current, lang) &&
          !current.translations?.[lang]?.source_rev
        ) {
          set[`translations.${lang}.source_lang`] = source
          set[`translations.${lang}.source_rev`] = sourceHash(current, source)
        }
    for (const lang of langs) {
      const stored = current.translations?.[lang] ?? {}
      const from = lang === source ? null : (stored.source_lang ?? source)
      set[`translations.${lang}.origin`] = 'human'
      set[`translations.${lang}.source_lang`] = from
      set[`translations.${lang}.source_rev`] = from ? sourceHash(next, from) : null
    }
    return set
  }

  /**
   * A new document's languages: the source's and every language with text, written from the
   * source as it is now. An import's `machine_translated` fields make their language `machine`;
   * the rest of an import is `import`; an admin's document is `human`. `held`: machine languages
   * kept off until review.
   */
  function initialTranslations(doc: TranslatedDoc, held: readonly string[] = []): StoredTranslations {
    const source = sourceOf(doc)
    const rev = sourceHash(doc, source)
    const out: StoredTranslations = {}
    for (const lang of TRANSLATION_LANGS) {
      if (!hasText(doc, lang)) continue
      const machine = (doc.machine_translated ?? []).some((f) => langOf(f) === lang)
      const origin: Origin = machine ? 'machine' : doc.source_upload_id ? 'import' : 'human'
      const isSource = lang === source
      out[lang] = {
        origin,
        source_lang: isSource ? null : source,
        source_rev: isSource ? null : rev,
        ...(machine && held.includes(lang) && !alwaysOn(doc, lang) ? { published: false, held: true } : {}),
      }
    }
    return out
  }

  return {
    fields,
    fieldsOf,
    sourceHash,
    revsOf,
    currentRev,
    translationView,
    translationsView,
    humanEditMarks,
    initialTranslations,
  }
}
export type TranslationModel = ReturnType<typeof translationModel>
