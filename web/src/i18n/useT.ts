import { useContext } from 'react'
import type { Language } from './languages'
import { LanguageContext } from './context'
import { de } from './messages/de/index'
import { en } from './messages/en/index'
import { nl } from './messages/nl/index'
import type { Messages } from './messages/types'
import { useLanguageStore } from './stores/language'

export const catalogs: Record<Language, Messages> = { nl, en, de }

/** The page's language: the URL's (LanguageContext) inside the app's layout, else the stored choice. */
function usePageLanguage(): Language {
  const fromUrl = useContext(LanguageContext)
  const stored = useLanguageStore((s) => s.language)
  return fromUrl ?? stored
}

/** The message catalog of the current language: `const t = useT(); t.nav.login`, `t.blog.moreTags(2)`. */
export function useT(): Messages {
  return catalogs[usePageLanguage()]
}

/**
 * The current language and its setter. `setLanguage` stores the choice; inside the app the language
 * switch also navigates to the same page in that language (the URL decides what is shown).
 */
export function useLanguage(): { language: Language; setLanguage: (l: Language) => void } {
  const language = usePageLanguage()
  const setLanguage = useLanguageStore((s) => s.setLanguage)
  return { language, setLanguage }
}
