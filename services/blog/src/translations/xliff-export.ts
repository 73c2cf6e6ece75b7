import { createHash } from 'node:crypto'
import { DOMImplementation, XMLSerializer, type Document, type Element } from '@xmldom/xmldom'
import type { SiteLang } from '@site/contracts'
import type { PostDoc } from '../models/post.js'
import { htmlToInline, type Inline } from './inline.js'

export const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0'
const XML_NS = 'http://www.w3.org/XML/1998/namespace'

/** The translatable fields of a post, one unit each; `html` ones carry their tags as inline codes. */
export const UNIT_FIELDS = [
  { field: 'title', html: false, max: 200 },
  { field: 'excerpt', html: false, max: 1000 },
  { field: 'content', html: true, max: 2_000_000 },
  { field: 'meta_description', html: false, max: 500 },
] as const
export type UnitField = (typeof UNIT_FIELDS)[number]

/** A field's text as stored ('' when absent). */
export const stored = (post: PostDoc, field: string): string => {
  const v = (post as unknown as Record<string, unknown>)[field]
  return typeof v === 'string' ? v : ''
}

/** The hash of a source text at export: 16 hex digits of its SHA-256, in the unit id (`content.<hash>`). */
export const sourceHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16)

/** The language a post was written in: its import's source, else Dutch (the site's first language). */
export const sourceLangOf = (post: PostDoc): SiteLang => (post.source_language === 'en' ? 'en' : 'nl')

function append(doc: Document, parent: Element, items: Inline[]) {
  for (const item of items) {
    if (typeof item === 'string') {
      parent.appendChild(doc.createTextNode(item))
      continue
    }
    const isPh = item.children === null
    const el = doc.createElementNS(XLIFF_NS, isPh ? 'ph' : 'pc')
    el.setAttribute('id', item.id)
    el.setAttribute('type', item.code.name === 'a' ? 'link' : item.code.name === 'img' ? 'image' : 'fmt')
    if (isPh) el.setAttribute('disp', item.code.open)
    else {
      el.setAttribute('dispStart', item.code.open)
      el.setAttribute('dispEnd', item.code.close!)
      append(doc, el, item.children!)
    }
    parent.appendChild(el)
  }
}

/**
 * An XLIFF 2.0 document for translating `posts` into `target`: one <file> per post (id: the post
 * id), one <unit> per non-empty source field (id: `field.hash`), the source as stored and the
 * current target unless the field still holds the source text. Bodies keep their HTML as inline
 * codes (<pc>/<ph>); whitespace is kept (xml:space="preserve"). Built with a DOM, never by hand.
 */
export function exportXliff(posts: PostDoc[], source: SiteLang, target: SiteLang): string {
  const doc = new DOMImplementation().createDocument(XLIFF_NS, 'xliff', null)
  const root = doc.documentElement!
  root.setAttribute('version', '2.0')
  root.setAttribute('srcLang', source)
  root.setAttribute('trgLang', target)
  const indent = (parent: Element, depth: number) =>
    parent.appendChild(doc.createTextNode(`\n${'  '.repeat(depth)}`))
  for (const post of posts) {
    indent(root, 1)
    const file = doc.createElementNS(XLIFF_NS, 'file')
    file.setAttribute('id', String(post._id))
    file.setAttribute('original', `blog/${post.slug}`)
    root.appendChild(file)
    for (const { field, html } of UNIT_FIELDS) {
      const src = stored(post, `${field}_${source}`)
      if (!src.trim()) continue
      const targetField = `${field}_${target}`
      const current = (post.untranslated ?? []).includes(targetField) ? '' : stored(post, targetField)
      indent(file, 2)
      const unit = doc.createElementNS(XLIFF_NS, 'unit')
      unit.setAttribute('id', `${field}.${sourceHash(src)}`)
      unit.setAttribute('name', field)
      unit.setAttributeNS(XML_NS, 'xml:space', 'preserve')
      file.appendChild(unit)
      indent(unit, 3)
      const segment = doc.createElementNS(XLIFF_NS, 'segment')
      segment.setAttribute('state', current ? 'translated' : 'initial')
      unit.appendChild(segment)
      for (const [name, text] of [
        ['source', src],
        ['target', current],
      ] as const) {
        if (!text) continue
        indent(segment, 4)
        const el = doc.createElementNS(XLIFF_NS, name)
        append(doc, el, html ? htmlToInline(text).content : [text])
        segment.appendChild(el)
      }
      indent(segment, 3)
      indent(unit, 2)
    }
    indent(file, 1)
  }
  indent(root, 0)
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(doc)}\n`
}
