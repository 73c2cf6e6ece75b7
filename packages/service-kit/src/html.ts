import { createRequire } from 'node:module'
import type sanitizeHtmlType from 'sanitize-html'

// Loaded on the first sanitize: only the services that store rich HTML (blog, content) need the
// parser; the barrel is imported by every process (idle memory).
const require = createRequire(import.meta.url)
let sanitizeHtml: typeof sanitizeHtmlType | undefined
const sanitizer = () => (sanitizeHtml ??= require('sanitize-html') as typeof sanitizeHtmlType)

/**
 * The one allow-list for HTML that is rendered as is (design §4): blog posts (admin form, import,
 * LLM output) and CMS pages, applied on every write.
 * Anything not listed is dropped: scripts, styles, event handlers, iframes, forms, and URLs
 * with other schemes than http(s)/mailto (images: http(s) or site-relative only).
 */
const options: sanitizeHtmlType.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'sub',
    'sup',
    'small',
    'code',
    'pre',
    'kbd',
    'blockquote',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel', 'id'],
    li: ['id'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'iframe', 'object'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = noteId(attribs)
      if (out.target === '_blank') out.rel = 'noopener noreferrer'
      else delete out.target
      return { tagName, attribs: out }
    },
    li: (tagName, attribs) => ({ tagName, attribs: noteId(attribs) }),
  },
  // Images need an http(s) or site-rooted src: a document's relative paths point nowhere here.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !/^(https?:\/\/|\/(?!\/))/i.test(frame.attribs.src ?? ''),
}

/**
 * Ids only as Word's footnotes and endnotes use them (mammoth: `footnote-1`, `endnote-ref-2`), so
 * in-page note links work; any other id could clobber globals of the page's scripts.
 */
function noteId(attribs: Record<string, string>): Record<string, string> {
  const out = { ...attribs }
  if (out.id !== undefined && !/^(foot|end)note-(ref-)?\d+$/.test(out.id)) delete out.id
  return out
}

export function sanitizeRichHtml(html: string): string {
  return sanitizer()(html, options).trim()
}
