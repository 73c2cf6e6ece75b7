import type { Language } from '@/lib/types'
import { de } from './messages/de/index'
import { en } from './messages/en/index'
import { nl } from './messages/nl/index'
import type { Messages } from './messages/types'
import { useLanguageStore } from './stores/language'

export const catalogs: Record<Language, Messages> = { nl, en, de }

/** The message catalog of the current language: `const t = useT(); t.nav.login`, `t.blog.moreTags(2)`. */
export function useT(): Messages {
  return catalogs[useLanguageStore((s) => s.language)]
}

/** The current language and its setter. */
export function useLanguage(): { language: Language; setLanguage: (l: Language) => void } {
  const language = useLanguageStore((s) => s.language)
  const setLanguage = useLanguageStore((s) => s.setLanguage)
  return { language, setLanguage }
}
