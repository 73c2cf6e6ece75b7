import { Type, type Static } from 'typebox'

export const LOCALES = ['nl', 'en', 'de'] as const
export const Locale = Type.Union(LOCALES.map((l) => Type.Literal(l)))
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'nl'

/** The error body every service answers with (4xx and 5xx). */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.Optional(Type.String()),
})
export type ErrorBody = Static<typeof ErrorBody>
