import {
  TRANSLATION_LANGS,
  translationModel,
  withTranslationSet,
  type TranslatedDoc,
  type TranslationModel,
} from '@site/service-kit'

/**
 * Per language (issue 47) for the documents that are on the site whenever they exist: the features
 * and the one site content record (docs/editorial.md, "Translations: features and site content").
 * Written in Dutch by people; every language with text is shown, there is no per-language switch.
 */
export const FEATURE_TRANSLATABLE = ['title', 'description'] as const
export const featureTranslations = translationModel(FEATURE_TRANSLATABLE)
export const CONTENT_TEXTS = ['title', 'intro', 'subtitle', 'philosophy_title', 'philosophy_text']
export const contentTranslations = translationModel(CONTENT_TEXTS)

/** A feature or the site content as the model reads it: always on the site (no `published` of its own). */
export const shownAlways = <D extends object>(doc: D) =>
  ({ ...doc, published: true }) as unknown as TranslatedDoc

/**
 * A person's edit (`set`: the fields written): the languages whose translatable text changed become
 * `human`, written from the current source (an edit of the Dutch makes the others stale), and every
 * language's hash is kept for the board (kit translations/model.ts). Pages, features, site content.
 */
export function languageMarks(model: TranslationModel, current: object, set: Record<string, unknown>) {
  const was = current as TranslatedDoc
  const next = { ...was, ...set } as TranslatedDoc
  const changed = model.fields
    .flatMap((f) => TRANSLATION_LANGS.map((l) => `${f}_${l}`))
    .filter((k) => (next[k] ?? null) !== (was[k] ?? null))
  // Set whole (one save at a time): the answer is built from `before` and this `$set`.
  const marks = model.humanEditMarks(was, next, changed)
  return {
    translations: withTranslationSet(was.translations, marks),
    source_revs: model.revsOf(next),
  }
}

/** A new document's languages: every language with text `human`, written from the Dutch as it is now. */
export const firstLanguages = (model: TranslationModel, doc: object) => ({
  translations: model.initialTranslations(doc as TranslatedDoc),
  source_revs: model.revsOf(doc as TranslatedDoc),
})
