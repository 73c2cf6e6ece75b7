import { Type, type Static } from 'typebox'
import { LOCALES, type Locale as LocaleCode } from './rules.js'

export { LOCALES, DEFAULT_LOCALE } from './rules.js'
export const Locale = Type.Union(LOCALES.map((l) => Type.Literal(l)))
export type Locale = LocaleCode

/** The error body every service answers with (4xx and 5xx). */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.Optional(Type.String()),
})
export type ErrorBody = Static<typeof ErrorBody>
