// A link's address as the editor stores it: only the schemes the site's sanitizer keeps (http(s),
// mailto, a path on this site, an anchor); a bare domain ("example.com/x") gets https://.

const ALLOWED = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i

/** The address as stored ('' removes the link), or null when the site would drop it. */
export function normalizeHref(raw: string): string | null {
  const href = raw.trim()
  if (href === '' || ALLOWED.test(href)) return href
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(href)) return `https://${href}`
  return null
}
