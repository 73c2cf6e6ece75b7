import { translationModel } from '@site/service-kit'

/**
 * Per language, per post (issue 47): the kit's model (service-kit translations/) over a post's
 * translatable fields. docs/editorial.md, "Translations", has the rules.
 */
export {
  TRANSLATION_LANGS,
  isTLang,
  langOf,
  sourceOf,
  hasText,
  pendingFields,
  alwaysOn,
  isLive,
  liveLanguages,
  type TLang,
  type Origin,
  type StoredTranslation,
  type StoredTranslations,
} from '@site/service-kit'

/** The translatable fields of a language, without the `_<lang>` suffix. Nothing else counts for staleness. */
export const TRANSLATABLE = ['title', 'excerpt', 'content', 'meta_description'] as const
export type TranslatableField = (typeof TRANSLATABLE)[number]

export const postTranslations = translationModel(TRANSLATABLE)
export const {
  fieldsOf,
  sourceHash,
  revsOf,
  currentRev,
  translationView,
  translationsView,
  humanEditMarks,
  initialTranslations,
} = postTranslations
