import { Type, type Static } from 'typebox'
import { PageQuery } from './paging.js'

/** The site's languages as the translation workflow knows them (issue 47, docs/editorial.md). */
export const TranslationLang = Type.Union([Type.Literal('nl'), Type.Literal('en'), Type.Literal('de')])
export type TranslationLang = Static<typeof TranslationLang>

/**
 * One cell of the board: missing (no text), needs_review (machine text or the source text not yet
 * reviewed), stale (the source changed since the translation), reviewed (current, not on the
 * site), published (current and on the site).
 */
export const TranslationState = Type.Union([
  Type.Literal('missing'),
  Type.Literal('needs_review'),
  Type.Literal('stale'),
  Type.Literal('reviewed'),
  Type.Literal('published'),
])
export type TranslationState = Static<typeof TranslationState>

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])

/** `translations.<lang>` of a document in its admin read. */
export const LanguageTranslation = Type.Object({
  /** The language's own switch (the source language's is always on: unpublish the document instead). */
  published: Type.Boolean(),
  /** Whether visitors see it now: the document is published, the language has text and is switched on. */
  live: Type.Boolean(),
  origin: Nullable(Type.Union([Type.Literal('human'), Type.Literal('machine'), Type.Literal('import')])),
  /** The language it was translated from (null for the source language itself). */
  source_lang: Nullable(Type.String()),
  /** Hash of the source's translatable fields when this language was written or confirmed. */
  source_rev: Nullable(Type.String()),
  stale: Type.Boolean(),
  needs_review: Type.Boolean(),
  /** The fields still holding machine text or the untranslated source text. */
  pending_fields: Type.Array(Type.String()),
  /** Switched off by a machine run until review (the language's `publish_unreviewed` is false). */
  held: Type.Boolean(),
  reviewed_by: Nullable(Type.String()),
  reviewed_at: Nullable(Type.String({ format: 'date-time' })),
  state: TranslationState,
})
export type LanguageTranslation = Static<typeof LanguageTranslation>

export const LanguageTranslations = Type.Object({
  nl: LanguageTranslation,
  en: LanguageTranslation,
  de: LanguageTranslation,
})
export type LanguageTranslations = Static<typeof LanguageTranslations>

/** POST …/translations/{lang}/translate: machine translation of one language from the source. */
export const TranslateLanguageRequest = Type.Object({
  /** Overwrite the fields a person wrote or reviewed since the last machine run (else 409 lists them). */
  overwrite: Type.Optional(Type.Boolean()),
})

/**
 * The per-language setting: whether machine text may go live before a person reviewed it. Dutch is
 * the site's fallback language and always on the site with its post: it has no such setting.
 */
export const TranslationSettings = Type.Object({
  publish_unreviewed: Type.Object({ en: Type.Boolean(), de: Type.Boolean() }),
})
export type TranslationSettings = Static<typeof TranslationSettings>
export const TranslationSettingsUpdate = Type.Object({
  publish_unreviewed: Type.Partial(Type.Object({ en: Type.Boolean(), de: Type.Boolean() })),
})

/** The kinds of document with per-language state (projects have one text: docs/editorial.md). */
export const TranslatedType = Type.Union([
  Type.Literal('post'),
  Type.Literal('page'),
  Type.Literal('feature'),
  Type.Literal('content'),
])
export type TranslatedType = Static<typeof TranslatedType>

/** GET /api/translations query: `state` and `lang` filter the rows (a row matches when a cell does). */
export const TranslationBoardQuery = Type.Object({
  page: PageQuery.properties.page,
  pageSize: PageQuery.properties.pageSize,
  lang: Type.Optional(TranslationLang),
  state: Type.Optional(TranslationState),
  /**
   * Posts (the default), pages, features or the site content: the last three are the content
   * service's boards (docs/editorial.md).
   */
  type: Type.Optional(TranslatedType),
})

export const TranslationBoardRow = Type.Object({
  type: TranslatedType,
  id: Type.String(),
  title: Type.String(),
  slug: Type.String(),
  published: Type.Boolean(),
  source_lang: Type.String(),
  updated_at: Type.String(),
  cells: LanguageTranslations,
})
export type TranslationBoardRow = Static<typeof TranslationBoardRow>

const Counts = Type.Record(Type.String(), Type.Integer({ minimum: 0 }))
export const TranslationBoard = Type.Object({
  items: Type.Array(TranslationBoardRow),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
  /** Per language, documents per state (over every document of the type, not only this page). */
  counts: Type.Object({ nl: Counts, en: Counts, de: Counts }),
})
export type TranslationBoard = Static<typeof TranslationBoard>

/** One translatable field whose source text changed since the translation (`then`: null when no revision has it). */
export const SourceChange = Type.Object({
  field: Type.Union([
    Type.Literal('title'),
    Type.Literal('excerpt'),
    Type.Literal('content'),
    Type.Literal('meta_description'),
  ]),
  then: Nullable(Type.String()),
  now: Type.String(),
})
export type SourceChange = Static<typeof SourceChange>

/**
 * GET /api/blog/{id}/translations/{lang}/source-changes (and /api/pages/…): what changed in the
 * source since this language was translated. `found`: a kept revision had the source as it was at
 * `source_rev` (false: `then` is null; every field is listed when the language is stale).
 */
export const SourceChanges = Type.Object({
  source_lang: Nullable(TranslationLang),
  stale: Type.Boolean(),
  found: Type.Boolean(),
  fields: Type.Array(SourceChange),
})
export type SourceChanges = Static<typeof SourceChanges>
