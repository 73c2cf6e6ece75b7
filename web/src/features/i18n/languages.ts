import type { Language } from '@/lib/types'

export type { Language }

export interface LanguageInfo {
  code: Language
  label: string
  /** Emoji flag (text); <Flag code> draws an SVG one that renders the same on every system. */
  flag: string
  /** Intl locale for dates and numbers (spec §9: nl-NL, en-US; de-DE). */
  locale: string
}

/** Spec §3/§9: nl, en, de; labels Nederlands, English, Deutsch; default nl. */
export const LANGUAGES: readonly LanguageInfo[] = [
  { code: 'nl', label: 'Nederlands', flag: '🇳🇱', locale: 'nl-NL' },
  { code: 'en', label: 'English', flag: '🇬🇧', locale: 'en-US' },
  { code: 'de', label: 'Deutsch', flag: '🇩🇪', locale: 'de-DE' },
]
/** The order of the switcher in the top bar (spec §2: Nederlands, Deutsch, English). */
export const SWITCHER_ORDER: readonly Language[] = ['nl', 'de', 'en']
export const DEFAULT_LANGUAGE: Language = 'nl'
export const LANGUAGE_STORAGE_KEY = 'language'

export function isLanguage(value: unknown): value is Language {
  return value === 'nl' || value === 'en' || value === 'de'
}

export function languageInfo(code: Language): LanguageInfo {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0]!
}
