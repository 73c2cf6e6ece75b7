import { htmlToText, plainText } from '@site/contracts/text'

/**
 * Title of an imported document: the first heading, or a short first line (a .txt title line).
 * When the title comes from the document's first block, that block is removed from the body so
 * the post does not show its title twice.
 */
export function deriveTitle(html: string): { title: string | null; body: string } {
  const trimmed = html.trim()
  // The body keeps its first block when nothing else would be left.
  const rest = (from: number) => {
    const body = trimmed.slice(from).trim()
    return body.replace(/<[^>]*>/g, '').trim() ? body : trimmed
  }
  const heading = /<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/i.exec(trimmed)
  if (heading) {
    const title = plainText(withoutNoteMarks(heading[1]!))
    if (title) return { title, body: heading.index === 0 ? rest(heading[0].length) : trimmed }
  }
  const first = /^<p[^>]*>([\s\S]*?)<\/p>/i.exec(trimmed)
  if (first) {
    const line = plainText(withoutNoteMarks(first[1]!))
    if (/\p{L}/u.test(line) && line.length <= 120 && !/<br/i.test(first[1]!) && !/[.!?:;,]$/.test(line)) {
      return { title: line, body: rest(first[0].length) }
    }
  }
  return { title: null, body: trimmed }
}

/** Footnote and endnote markers (`<sup><a href="#footnote-1">[1]</a></sup>`) are no part of a title. */
const withoutNoteMarks = (html: string) => html.replace(/<sup[^>]*>[\s\S]*?<\/sup>/gi, '')

/** Up to `max` characters of text, cut at a word boundary. */
export function truncateWords(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim()
  if (t.length <= max) return t
  const cut = t.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`
}

export function deriveExcerpt(bodyHtml: string): string {
  const firstParagraph = /<p[^>]*>([\s\S]*?)<\/p>/i.exec(bodyHtml)
  const text = firstParagraph ? plainText(firstParagraph[1]!) : htmlToText(bodyHtml)
  return truncateWords(text || htmlToText(bodyHtml), 200)
}

export function titleFromFilename(filename: string): string {
  const base = filename
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[_-]+/g, ' ')
    .trim()
  return base || 'Untitled'
}
