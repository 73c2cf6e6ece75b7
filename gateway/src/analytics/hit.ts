import { createHash } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { isbot } from 'isbot'
import { clientKey } from '@site/service-kit'
import type { Device, PageView } from '@site/contracts'

/**
 * What one counted page view is made of (issue 48), from the request alone: no cookie, nothing a
 * browser runs. Pure functions, so each rule has a unit test (gateway/test/analytics-hit.test.ts).
 */

const LANGS = ['en', 'de']
const MAX_PATH = 200
const MAX_TAG = 64

/** The site's languages by path prefix: /en/… en, /de/… de, anything else nl (web/src/i18n/paths.ts). */
export function pathLanguage(path: string): string {
  const first = path.split('/')[1] ?? ''
  return LANGS.includes(first) ? first : 'nl'
}

/** The path without its language prefix: /en/blog/x → /blog/x. */
export function withoutLanguage(path: string): string {
  const lang = pathLanguage(path)
  if (lang === 'nl') return path
  return path.slice(lang.length + 1) || '/'
}

/** A post's page (/blog/<slug> in any language): what conversions name as "the last post read". */
export const isPostPath = (path: string) => /^\/blog\/[^/]+$/.test(withoutLanguage(path))

/**
 * Whether a path is a public page worth counting: not the API or stored objects, not a file (a
 * dot in the last segment: assets, favicon, robots.txt, sitemaps), not the admin or a preview
 * (whose paths carry tokens).
 */
export function isCountedPath(path: string): boolean {
  if (path.startsWith('/api/') || path.startsWith('/objects/') || path.startsWith('/assets/')) return false
  if (path.length > MAX_PATH) return false
  const last = path.slice(path.lastIndexOf('/') + 1)
  if (last.includes('.')) return false
  const bare = withoutLanguage(path)
  return !/^\/(admin|preview)(\/|$)/.test(bare)
}

/** The last user agents' classes: isbot's list is one large expression, and agents repeat. */
const classes = new Map<string, Device>()
const CLASSES_KEPT = 2000

/** Device class from the user agent; bots (isbot's maintained list, or no user agent at all) apart. */
export function deviceClass(ua: string | undefined): Device {
  if (!ua) return 'bot'
  const known = classes.get(ua)
  if (known) return known
  const device = classify(ua)
  if (classes.size >= CLASSES_KEPT) classes.delete(classes.keys().next().value!)
  classes.set(ua, device)
  return device
}

function classify(ua: string): Device {
  if (isbot(ua)) return 'bot'
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(ua)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(ua)) return 'mobile'
  return 'desktop'
}

/** The referring site's host, lower case, without `www.`; null when direct, internal or not http(s). */
export function referrerDomain(referer: string | undefined, ownHost: string | undefined): string | null {
  if (!referer) return null
  let url: URL
  try {
    url = new URL(referer)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const host = url.hostname.toLowerCase().replace(/^www\./, '')
  const own = (ownHost ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
  if (!host || host === own) return null
  return host.slice(0, MAX_TAG)
}

const tag = (value: string | null) => {
  const v = value?.trim().toLowerCase().slice(0, MAX_TAG)
  return v ? v : null
}

/** utm_source, utm_medium, utm_campaign of a query string (lower case, trimmed, at most 64 characters). */
export function utm(query: string): {
  source: string | null
  medium: string | null
  campaign: string | null
} {
  const params = new URLSearchParams(query)
  return {
    source: tag(params.get('utm_source') ?? params.get('ref')),
    medium: tag(params.get('utm_medium')),
    campaign: tag(params.get('utm_campaign')),
  }
}

/** `Sec-GPC: 1` or `DNT: 1`: the view is counted, the visitor is not recognised (no hash). */
export const optedOut = (headers: IncomingHttpHeaders) => headers['sec-gpc'] === '1' || headers.dnt === '1'

/** A prefetch is not a view (the browser may never show it). */
export const isPrefetch = (headers: IncomingHttpHeaders) =>
  /prefetch|prerender/i.test(`${String(headers['sec-purpose'] ?? '')} ${String(headers.purpose ?? '')}`)

/**
 * The visitor of one day: a hash of that day's salt (random, in Redis until the day ends, never on
 * disk), the address (an IPv6 address by its /64) and the user agent. Unique per day, unlinkable the
 * next. 16 bytes of SHA-256 in hex.
 */
export function visitorHash(salt: string, ip: string, ua: string): string {
  return createHash('sha256')
    .update(`${salt}|${clientKey(ip)}|${ua}`)
    .digest('hex')
    .slice(0, 32)
}

/** The UTC day of an instant, YYYY-MM-DD. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Where a conversion's visit came from: the UTM source, else the referring site, else null (direct). */
export const visitSource = (hit: Pick<PageView, 'source' | 'ref'>) => hit.source ?? hit.ref
