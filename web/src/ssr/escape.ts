// Escaping for everything the server writes around React's own output: text and attribute values
// in the head, XML of the sitemap and feeds, and JSON inside <script> elements.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Safe as HTML text and as a quoted attribute value. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)

/** XML text and attribute values (the same five characters). */
export const escapeXml = escapeHtml

/**
 * JSON that can sit inside a <script> element: no `<` (so no `</script>` or `<!--`), `>` or `&`
 * can end or confuse the element, and the line separators JavaScript once rejected are escaped.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** At most `max` characters, cut at a word with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}
