import { Type, type Static } from 'typebox'

/** The site's languages, as a glossary entry and an XLIFF file name them. */
export const SiteLang = Type.Union([Type.Literal('nl'), Type.Literal('en'), Type.Literal('de')])
export type SiteLang = Static<typeof SiteLang>

const Term = Type.String({ minLength: 1, maxLength: 100 })

/** A fixed translation: `source` in `from` is always `target` in `to` (nl → de "offerte" → "Angebot"). */
export const GlossaryFixed = Type.Object({ from: SiteLang, to: SiteLang, source: Term, target: Term })
export type GlossaryFixed = Static<typeof GlossaryFixed>

/** How a machine translation addresses the reader: German Sie/du, Dutch u/je. English has no such choice. */
export const Formality = Type.Union([Type.Literal('formal'), Type.Literal('informal'), Type.Null()])
export type Formality = Static<typeof Formality>

/** PUT /api/blog/glossary body: the whole glossary (docs/editorial.md, "Glossary and formality"). */
export const GlossaryInput = Type.Object({
  /** Brand and product names every translation keeps as written. */
  never_translate: Type.Array(Term, { maxItems: 500 }),
  fixed: Type.Array(GlossaryFixed, { maxItems: 1000 }),
  /** null: the model chooses. */
  formality: Type.Object({ nl: Formality, de: Formality }),
})
export type GlossaryInput = Static<typeof GlossaryInput>

export const Glossary = Type.Object({
  ...GlossaryInput.properties,
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type Glossary = Static<typeof Glossary>

/** A glossary rule a machine translation broke (stored on the post until the field is edited or approved). */
export const GlossaryIssue = Type.Object({
  lang: SiteLang,
  /** The post field, e.g. `content_de`. */
  field: Type.String(),
  term: Type.String(),
  /** `translated`: a never-translate term is missing from the translation; `fixed`: the fixed translation was not used. */
  kind: Type.Union([Type.Literal('translated'), Type.Literal('fixed')]),
  /** The fixed translation that was expected (kind `fixed`). */
  expected: Type.Optional(Type.String()),
})
export type GlossaryIssue = Static<typeof GlossaryIssue>

/** One unit of an XLIFF import: `postId/field` and why it was refused, when it was. */
export const XliffUnitResult = Type.Object({
  post: Type.String(),
  unit: Type.String(),
  field: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
})
export type XliffUnitResult = Static<typeof XliffUnitResult>

/** POST /api/translations/xliff answer. */
export const XliffImportResult = Type.Object({
  target: SiteLang,
  applied: Type.Array(XliffUnitResult),
  refused: Type.Array(XliffUnitResult),
})
export type XliffImportResult = Static<typeof XliffImportResult>
