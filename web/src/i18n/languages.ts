import type { Locale } from '@site/contracts'

/**
 * The site's languages are the contracts' locales (`LOCALES`), taken as a type so they cost no
 * bytes: INFO must describe every one of them, so the compiler points here when one is added.
 */
export type Language = Locale

export interface LanguageInfo {
  code: Language
  label: string
  /** Emoji flag (text); <Flag code> draws an SVG one that renders the same on every system. */
  flag: string
  /** Intl locale for dates and numbers (spec §9: nl-NL, en-US; de-DE). */
  locale: string
}

/** Spec §3/§9: nl, en, de; labels Nederlands, English, Deutsch; default nl. */
const INFO: Record<Language, Omit<LanguageInfo, 'code'>> = {
  nl: { label: 'Nederlands', flag: '🇳🇱', locale: 'nl-NL' },
  en: { label: 'English', flag: '🇬🇧', locale: 'en-US' },
  de: { label: 'Deutsch', flag: '🇩🇪', locale: 'de-DE' },
}
const CODES = Object.keys(INFO) as Language[]
export const LANGUAGES: readonly LanguageInfo[] = CODES.map((code) => ({ code, ...INFO[code] }))
/** The order of the switcher in the top bar (spec §2: Nederlands, Deutsch, English). */
export const SWITCHER_ORDER: readonly Language[] = ['nl', 'de', 'en']
export const DEFAULT_LANGUAGE: Language = 'nl'
export const LANGUAGE_STORAGE_KEY = 'language'

export function isLanguage(value: unknown): value is Language {
  return (CODES as unknown[]).includes(value)
}

export function languageInfo(code: Language): LanguageInfo {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0]!
}
