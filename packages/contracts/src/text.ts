/**
 * HTML to plain text, one way everywhere: the blog service (titles and excerpts stored as plain
 * text, keywords, excerpts of imports), the chat's index, and the web app (card titles, the head,
 * the feeds). A plain module without TypeBox, so the browser bundle may import it:
 * `@site/contracts/text`. A linear scan, not a parser: comments and declarations go, the contents
 * of script, style and the like go, block elements end a line, other tags vanish without a space
 * ("wo<em>r</em>d" is "word"), and entities are decoded once, after the tags are gone.
 */

/** Elements whose content is not text. */
const RAW = new Set('script style textarea noscript template title iframe object'.split(' '))
/** Elements that start or end a line. */
const BLOCK = new Set(
  `address article aside blockquote br dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header
  hr li main nav ol p pre section table tbody tfoot thead tr ul`.split(/\s+/),
)
/** Table cells: a space between them. */
const CELL = new Set(['td', 'th'])

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  euro: '€',
  copy: '©',
  reg: '®',
  trade: '™',
  shy: '',
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
      ? String.fromCodePoint(code)
      : ' '
  })
}

/** Index just past the `>` of the tag that starts at `at` (quoted attribute values may hold `>`), or -1. */
function tagEnd(html: string, at: number): number {
  for (let i = at + 1; i < html.length; i++) {
    const c = html[i]
    if (c === '>') return i + 1
    if (c === '"' || c === "'") {
      const close = html.indexOf(c, i + 1)
      if (close < 0) return html.indexOf('>', i) + 1 || -1
      i = close
    }
  }
  return -1
}

const isLetter = (c: string | undefined) => c !== undefined && /[a-z]/i.test(c)

/** The text of an HTML fragment: one line per block, spaces folded, lines trimmed. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return ''
  let out = ''
  let i = 0
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    if (lt < 0) {
      out += html.slice(i)
      break
    }
    out += html.slice(i, lt)
    const next = html[lt + 1]
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4)
      i = end < 0 ? html.length : end + 3
    } else if (next === '!' || next === '?') {
      const end = html.indexOf('>', lt)
      i = end < 0 ? html.length : end + 1
    } else if (isLetter(next) || (next === '/' && isLetter(html[lt + 2]))) {
      // A tag: `<` then a letter (or `</` then a letter); anything else is a text `<`.
      const end = tagEnd(html, lt)
      if (end < 0) break // an unfinished tag at the end is not text
      const closing = next === '/'
      const name = /^[a-z][a-z0-9-]*/i.exec(html.slice(lt + (closing ? 2 : 1), end))![0].toLowerCase()
      i = end
      if (!closing && RAW.has(name)) {
        const close = new RegExp(`</${name}`, 'gi')
        close.lastIndex = i
        const at = close.exec(html)?.index ?? -1
        const after = at < 0 ? -1 : tagEnd(html, at)
        i = after < 0 ? html.length : after
      } else if (BLOCK.has(name)) out += '\n'
      else if (CELL.has(name)) out += ' '
    } else {
      out += '<'
      i = lt + 1
    }
  }
  return decodeEntities(out)
    .replace(/[ \t\f\v\r\u00a0]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n')
    .trim()
}

/** The text of an HTML fragment on one line (titles, excerpts, descriptions): every space folded. */
export function plainText(html: string | null | undefined): string {
  return htmlToText(html).replace(/\s+/g, ' ')
}
