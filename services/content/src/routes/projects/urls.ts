import { badRequest } from '@site/service-kit'
import { OBJECT_PATH } from '../../lib/objects.js'

/** `/objects/<path>` of an image this service stores, or null for any other URL. */
export function ownObjectPath(url: string | null | undefined): string | null {
  if (!url?.startsWith('/objects/')) return null
  const path = url.slice('/objects/'.length)
  return OBJECT_PATH.test(path) ? path : null
}

/**
 * An optional link as stored: null when empty; `www.example.com` becomes `https://www.example.com`;
 * anything but http(s) (javascript:, data:) is refused, since the site renders it as a link.
 */
export function normalizeUrl(
  value: string | null | undefined,
  label: string,
  allowObjects = false,
): string | null {
  const v = value?.trim()
  if (!v) return null
  if (allowObjects && v.startsWith('/objects/')) {
    if (ownObjectPath(v)) return v
    throw badRequest(`${label} must be an uploaded image or a valid http(s) URL`, 'VALIDATION')
  }
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    throw badRequest(`${label} must be a valid http(s) URL`, 'VALIDATION')
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    (!url.hostname.includes('.') && url.hostname !== 'localhost')
  ) {
    throw badRequest(`${label} must be a valid http(s) URL`, 'VALIDATION')
  }
  return candidate
}
