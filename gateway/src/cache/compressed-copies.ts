import type { FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_COOKIE } from '@site/service-kit'

/**
 * The gateway's compressed copies of answers (plugins/compression.ts): an answer with a strong ETag
 * is compressed once per tag and encoding, and the next answer with that tag is the kept copy.
 * They are kept in the gateway's one store with the shared cache's answers (cache/shared-cache.ts).
 *
 * Keyed by tag and encoding only, not by URL: the services' and the web server's strong tags are
 * hashes of the body (ETAG_CHECK asserts it in the tests), so every URL that answers the same
 * body (`/sitemap-pages.xml?n=1`, `?n=2`, ...) shares one copy and variants cannot multiply.
 */

/** The largest compressed copy kept; a bigger answer is compressed each time. */
export const COPY_MAX_BYTES = 512 * 1024
/** Answers to longer URLs are never kept: no real page needs one, and they cost the most to key. */
export const COPY_MAX_URL_BYTES = 512
export const copyKey = (etag: string, encoding: string) => `${etag} ${encoding}`

const SESSION = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`)

/**
 * Whether this answer may be kept and served to others: a GET answered 200 with a strong tag,
 * to an anonymous request with a short URL, and nothing about it private. Checked on the request
 * and on the answer's own headers, so no private answer is kept even if a tag were not a body hash.
 */
export function mayKeep(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' || reply.statusCode !== 200) return false
  if (Buffer.byteLength(request.url) > COPY_MAX_URL_BYTES) return false
  if (request.headers.authorization !== undefined) return false
  if (SESSION.test(request.headers.cookie ?? '')) return false
  const etag = reply.getHeader('etag')
  if (typeof etag !== 'string' || !etag.startsWith('"')) return false
  if (reply.hasHeader('set-cookie')) return false
  return !/(?:^|[\s,])(?:private|no-store)\b/i.test(String(reply.getHeader('cache-control') ?? ''))
}

/**
 * One buffer of the chunks, outside Node's shared pool: Buffer.concat takes an answer under 4 KB
 * from an 8 KB pool slab, and a kept copy would hold the whole slab resident.
 */
export function unpooledCopy(chunks: Buffer[], length: number): Buffer {
  const copy = Buffer.allocUnsafeSlow(length)
  let offset = 0
  for (const chunk of chunks) offset += chunk.copy(copy, offset)
  return copy
}
