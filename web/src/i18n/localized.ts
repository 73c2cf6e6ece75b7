import type { Language } from './languages'
import { currentLanguage } from './stores/language'

/**
 * A language-dependent field (spec §3): `<field>_<language>`, else `<field>_nl`, else ''.
 * `localized(post, 'title')` uses the current language; call it while rendering a component that
 * reads the language (useT or useLanguage) so it re-renders on a switch, or pass `language`.
 */
export function localized<F extends string>(
  record: { [K in `${F}_nl` | `${F}_en` | `${F}_de`]?: string | null } | null | undefined,
  field: F,
  language: Language = currentLanguage(),
): string {
  if (!record) return ''
  const r = record as Record<string, string | null | undefined>
  const chosen = r[`${field}_${language}`]
  if (typeof chosen === 'string' && chosen.trim() !== '') return chosen
  const nl = r[`${field}_nl`]
  return typeof nl === 'string' ? nl : ''
}
