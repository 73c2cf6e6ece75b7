// The chosen language (spec §3/§4): localStorage key `language`, values nl|en|de, default nl.
// Every component reading it (useT, useLanguage) re-renders on change; `useLanguageStore.subscribe`
// notifies non-React listeners. <html lang> follows it.
import { create } from 'zustand'
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from '../languages'

function readStored(): Language {
  try {
    const v = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(v) ? v : DEFAULT_LANGUAGE
  } catch {
    return DEFAULT_LANGUAGE
  }
}

interface LanguageState {
  language: Language
  setLanguage: (language: Language) => void
}

export const useLanguageStore = create<LanguageState>()((set) => ({
  language: readStored(),
  setLanguage: (language) => {
    if (!isLanguage(language)) return
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
    } catch {
      // private mode / storage full: the choice still holds for this visit
    }
    set({ language })
  },
}))

function syncDocumentLang(language: Language) {
  // Only a real change: setting `lang`, even to the server-rendered value, makes the browser
  // recompute the whole page's style (a few ms in the hydration profile of every page).
  if (typeof document !== 'undefined' && document.documentElement.lang !== language)
    document.documentElement.lang = language
}
syncDocumentLang(useLanguageStore.getState().language)
useLanguageStore.subscribe((s) => syncDocumentLang(s.language))

// Another tab changed the language: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (
      e.key === LANGUAGE_STORAGE_KEY &&
      isLanguage(e.newValue) &&
      e.newValue !== useLanguageStore.getState().language
    ) {
      useLanguageStore.setState({ language: e.newValue })
    }
  })
}

/** Current language, for non-React code. */
export const currentLanguage = (): Language => useLanguageStore.getState().language
