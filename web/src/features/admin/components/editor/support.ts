// What of a stored body the rich editor would lose: the editor's schema keeps paragraphs, headings,
// bold, italic, underline, strike, code, links, lists, quotes, code blocks, rules, line breaks and
// images; a body holding anything else (a table, a figure, Word's note links with their ids) opens
// in the HTML view, so opening a post never rewrites what the editor cannot show.

const KEPT = new Set(
  'p br h1 h2 h3 h4 h5 h6 strong b em i u s del code pre blockquote ul ol li a img hr span'.split(' '),
)

/** The kinds of parts the editor cannot keep ('table', 'ids', 'other'), empty when it keeps all. */
export function unsupportedParts(html: string): string[] {
  if (!html.trim()) return []
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const found = new Set<string>()
  for (const el of doc.body.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase()
    if (/^(table|thead|tbody|tfoot|tr|th|td|caption)$/.test(tag)) found.add('table')
    else if (!KEPT.has(tag)) found.add('other')
    if (el.hasAttribute('id')) found.add('ids')
  }
  return [...found]
}
