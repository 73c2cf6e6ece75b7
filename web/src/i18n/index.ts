// i18n is a core feature: every feature may import it (only through this file).
export {
  LANGUAGES,
  SWITCHER_ORDER,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  languageInfo,
} from './languages'
export type { Language, LanguageInfo } from './languages'
export { useLanguageStore, currentLanguage } from './stores/language'
export { useT, useLanguage, catalogs } from './useT'
export type { Messages } from './messages/types'
export { localized } from './localized'
export { formatDate, formatTime, dateLocale } from './format'
export { languageFromPath, localePath, stripLanguage } from './paths'
export { LanguageContext } from './context'
export { useLocalePath } from './useLocalePath'
export { LanguageSwitcher } from './components/LazyLanguageSwitcher'
export { Flag } from './components/Flag'
