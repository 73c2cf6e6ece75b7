// A URL per language: Dutch keeps the spec's routes (/blog), English and German live
// under /en/… and /de/… . These helpers map between a path and its language.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages'

/** The language a path belongs to: /en/… → en, /de/… → de, anything else → nl. */
export function languageFromPath(pathname: string): Language {
  const first = pathname.split('/')[1]
  return first && first !== DEFAULT_LANGUAGE && isLanguage(first) ? first : DEFAULT_LANGUAGE
}

/** The path without its language prefix: /en/blog → /blog, /en → /. */
export function stripLanguage(pathname: string): string {
  const lang = languageFromPath(pathname)
  if (lang === DEFAULT_LANGUAGE) return pathname || '/'
  const rest = pathname.slice(lang.length + 1)
  return rest === '' ? '/' : rest
}

/** The same page in `language`: localePath('en', '/blog') → /en/blog; localePath('en', '/') → /en. */
export function localePath(language: Language, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`
  if (language === DEFAULT_LANGUAGE) return clean
  if (clean === '/') return `/${language}`
  // '/#tools' and '/?x' on the home page keep their hash/query after the prefix.
  if (clean.startsWith('/#') || clean.startsWith('/?')) return `/${language}${clean.slice(1)}`
  return `/${language}${clean}`
}
