import { parseDocument } from 'htmlparser2'

type HtmlNode = ReturnType<typeof parseDocument>['children'][number]
interface HtmlElement {
  type: string
  name: string
  attribs: Record<string, string>
  children: HtmlNode[]
}

/** What an inline code of a unit stands for: the tag as stored (its close tag; null for a void element). */
export interface InlineCode {
  open: string
  close: string | null
  name: string
}

const VOID = new Set(['br', 'hr', 'img', 'wbr', 'col', 'area', 'source', 'input', 'embed', 'track'])
const escText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escAttr = (s: string) => escText(s).replace(/"/g, '&quot;')
const isElement = (n: HtmlNode): n is HtmlNode & HtmlElement =>
  n.type === 'tag' || n.type === 'script' || n.type === 'style'

/** One piece of a unit's content: text, or an inline code (pc around content, ph standing alone). */
export type Inline = string | { id: string; code: InlineCode; children: Inline[] | null }

/**
 * An HTML body as XLIFF inline content: every element an inline code, numbered 1, 2, … in
 * document order (`pc` around its content, `ph` for a void element), text as text. The same HTML
 * always gives the same numbers, so an import maps a translator's codes back through the source
 * it re-reads from the store, never through markup the file carries.
 */
export function htmlToInline(html: string): { content: Inline[]; codes: Map<string, InlineCode> } {
  const codes = new Map<string, InlineCode>()
  let next = 1
  const walk = (nodes: HtmlNode[]): Inline[] =>
    nodes.flatMap((n): Inline[] => {
      if (n.type === 'text') return [(n as unknown as { data: string }).data]
      if (!isElement(n)) return []
      const attrs = Object.entries(n.attribs)
        .map(([k, v]) => ` ${k}="${escAttr(v)}"`)
        .join('')
      const isVoid = VOID.has(n.name)
      const code = { name: n.name, open: `<${n.name}${attrs}>`, close: isVoid ? null : `</${n.name}>` }
      const id = String(next++)
      codes.set(id, code)
      return [{ id, code, children: isVoid ? null : walk(n.children) }]
    })
  return { content: walk(parseDocument(html).children), codes }
}

/** Plain text the other way: escaped for HTML. */
export const textToHtml = escText

/** A translator's inline content back to HTML; throws InlineProblem naming a code the source lacks. */
export class InlineProblem extends Error {}

export interface XmlNodeLike {
  nodeType: number
  nodeName: string
  nodeValue: string | null
  childNodes: ArrayLike<XmlNodeLike>
  getAttribute?(name: string): string | null
}

export function inlineToHtml(nodes: ArrayLike<XmlNodeLike>, codes: Map<string, InlineCode>): string {
  let out = ''
  for (const n of Array.from(nodes)) {
    if (n.nodeType === 3 || n.nodeType === 4) out += escText(n.nodeValue ?? '')
    if (n.nodeType !== 1) continue
    const name = n.nodeName.replace(/^.*:/, '')
    if (name === 'mrk') {
      out += inlineToHtml(n.childNodes, codes) // an annotation of the translator's tool: its text counts
      continue
    }
    if (name !== 'pc' && name !== 'ph')
      throw new InlineProblem(
        `The inline code <${name}> is not supported here; use <pc> and <ph> as exported.`,
      )
    const id = n.getAttribute?.('id') ?? ''
    const code = codes.get(id)
    if (!code) throw new InlineProblem(`The inline code ${id || '(no id)'} is not in the source text.`)
    if ((name === 'ph') !== (code.close === null))
      throw new InlineProblem(`The inline code ${id} must be a <${code.close === null ? 'ph' : 'pc'}>.`)
    out += code.close === null ? code.open : code.open + inlineToHtml(n.childNodes, codes) + code.close
  }
  return out
}

/** The text of a translator's content, inline codes dropped (plain-text fields). */
export function inlineToText(nodes: ArrayLike<XmlNodeLike>): string {
  let out = ''
  for (const n of Array.from(nodes)) {
    if (n.nodeType === 3 || n.nodeType === 4) out += n.nodeValue ?? ''
    else if (n.nodeType === 1) out += inlineToText(n.childNodes)
  }
  return out
}
