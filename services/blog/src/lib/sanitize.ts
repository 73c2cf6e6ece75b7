import { createRequire } from 'node:module'
import type sanitizeHtmlType from 'sanitize-html'
import { sanitizeRichHtml } from '@site/service-kit'

// The parser is loaded on first use (a write), not at start (idle memory).
const require = createRequire(import.meta.url)
let sanitizeHtml: typeof sanitizeHtmlType | undefined

/** Post HTML: the kit's one allow-list for HTML rendered as is (shared with CMS pages). */
export const sanitizePostHtml = sanitizeRichHtml

/** Plain text of an HTML fragment (titles, excerpts, keyword extraction). */
export function htmlToText(html: string): string {
  sanitizeHtml ??= require('sanitize-html') as typeof sanitizeHtmlType
  const text = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|div|tr|blockquote|pre)>|<br\s*\/?>/gi, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'noscript', 'template', 'title'],
  })
  return decodeEntities(text)
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim()
}

/** Titles and excerpts are plain text: tags stripped, whitespace folded. */
export function plainText(value: string): string {
  return htmlToText(value).replace(/\s+/g, ' ').trim()
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
}
function decodeEntities(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? '')
}
