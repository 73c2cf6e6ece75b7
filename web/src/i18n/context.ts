import { createContext } from 'react'
import type { Language } from './languages'

/**
 * The language of the page being rendered, taken from its URL by the app's layout. Server and
 * browser read it from the same URL, so the server's HTML and the hydrated tree agree (a store
 * read during hydration would give its initial value instead).
 */
export const LanguageContext = createContext<Language | null>(null)
