// Which public page a URL is: the page kind, its language and its parameters, or a
// not-found. The browser's route table (app/routes.tsx) has the same shape.
import { DEFAULT_LANGUAGE, languageFromPath, stripLanguage, type Language } from '@/i18n'
import { parsePageNumber } from '@/lib/pageNumber'

export type PageRoute =
  | { kind: 'home' }
  | { kind: 'projects' }
  | { kind: 'blog'; page: number }
  | { kind: 'post'; slug: string }
  | { kind: 'cms'; slug: string }
  | { kind: 'notFound' }
  /** The admin: not server-rendered (the browser renders it, a lazy chunk). */
  | { kind: 'admin' }

export interface Resolved {
  language: Language
  /** The path without its language prefix (/blog/x). */
  path: string
  route: PageRoute
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/** `?page=2` → 2; absent → 1; anything else as parsePageNumber. */
export function parsePageParam(search: URLSearchParams): number | null {
  const raw = search.get('page')
  return raw === null ? 1 : parsePageNumber(raw)
}

export function resolveRoute(pathname: string, search: URLSearchParams): Resolved {
  const language = languageFromPath(pathname)
  // A trailing slash is the same page (/en/ = /en, /blog/ = /blog).
  const path = stripLanguage(pathname).replace(/(.)\/+$/, '$1')
  const parts = path.split('/').filter(Boolean)
  const at = (route: PageRoute): Resolved => ({ language, path, route })
  if (parts.length === 0) return at({ kind: 'home' })
  const [first, second, ...rest] = parts
  if (rest.length > 0) return at({ kind: 'notFound' })
  if (first === 'admin' && !second) return at({ kind: 'admin' })
  if (first === 'projects' && !second) return at({ kind: 'projects' })
  if (first === 'blog' && !second) {
    const page = parsePageParam(search)
    return at(page === null ? { kind: 'notFound' } : { kind: 'blog', page })
  }
  if ((first === 'blog' || first === 'pages') && second) {
    const slug = decodeSegment(second)
    if (!slug) return at({ kind: 'notFound' })
    return at(first === 'blog' ? { kind: 'post', slug } : { kind: 'cms', slug })
  }
  return at({ kind: 'notFound' })
}

export { DEFAULT_LANGUAGE }
