import type { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SHARED_CACHE_CONTROL, SURROGATE_KEY_HEADER, surrogateKeyValue } from '@site/contracts/surrogate'
import { RANGE_PAST_END, byteRange, type ByteSpan } from './byte-range.js'
import { HttpError } from './http-error.js'
import type { CachedBody } from './read-cache.js'
import { Slots } from './slots.js'

/** Clients revalidate every time (an admin's edit shows on the next load) and get 304 when nothing changed. */
export const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate'
/** Admin lists: never stored by a browser or a shared cache. */
export const PRIVATE_NO_STORE = 'private, no-store'

export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match']
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/** Sends a cached JSON answer with its ETag, or 304 when the client already has it. */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  cacheControl = PUBLIC_REVALIDATE,
) {
  reply.header('etag', entry.etag).header('cache-control', cacheControl)
  if (matchesEtag(request, entry.etag)) return reply.code(304).send()
  return reply.type('application/json; charset=utf-8').send(entry.body)
}

/**
 * Sends a cached public answer a shared cache may keep (the gateway's, a CDN's): SHARED_CACHE_CONTROL
 * and the surrogate keys of what it was built from (`keys`, plus the entry's own), by which every
 * write purges it (docs/design.md, "The shared cache"). Only for answers every anonymous visitor gets.
 */
export function sendShared(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  keys: string[] = [],
) {
  const all = [...keys, ...(entry.keys ?? [])]
  if (all.length) reply.header(SURROGATE_KEY_HEADER, surrogateKeyValue(all))
  return sendCached(request, reply, entry, SHARED_CACHE_CONTROL)
}

/**
 * onSend hook for a context whose every answer is private (admin routes, the account): sets
 * `private, no-store` unless the route chose a Cache-Control itself. Runs for errors too, so a
 * 401 is not cached for the next visitor either.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', PRIVATE_NO_STORE)
  return payload
}

/** A stored file as sendImmutable serves it: read whole, or only the byte range asked for. */
export interface ServedFile {
  etag: string
  contentType: string
  length: number
  read(span?: ByteSpan): Promise<Buffer>
  /** A large file: its bytes (or the span) as a stream, read as the client takes them (issue 45). */
  stream?(span?: ByteSpan): Readable
}

/**
 * Large files streamed at once by this process (issue 45); more wait up to 10 s for a turn, then
 * get a 503. With GridFS streams of one 255 KiB chunk each, 40 clients that stop reading hold
 * about 8 chunks' worth, not 40 whole files.
 */
export const largeReads = new Slots(8, 10_000)

/** A file already in memory, as a ServedFile. */
export const servedBytes = (file: { etag: string; contentType: string; bytes: Buffer }): ServedFile => ({
  etag: file.etag,
  contentType: file.contentType,
  length: file.bytes.length,
  read: async (span) => (span ? file.bytes.subarray(span.start, span.end + 1) : file.bytes),
})

/**
 * Sends a stored file whose address names its content (a hash), so it never changes: browsers may
 * keep it for a year, and it is never sniffed or run as a page. A single byte range is answered
 * with 206 and only that range is read (media players ask for ranges; Safari plays no video
 * without them), unless `If-Range` names another version; several ranges get the whole file.
 */
export async function sendImmutable(request: FastifyRequest, reply: FastifyReply, file: ServedFile) {
  reply
    .header('etag', file.etag)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
  if (matchesEtag(request, file.etag)) return reply.code(304).send(null)
  const size = file.length
  const ifRange = request.headers['if-range']
  const range = ifRange === undefined || ifRange === file.etag ? byteRange(request.headers.range, size) : null
  if (range === 'unsatisfiable') {
    reply.removeHeader('etag')
    throw new HttpError(416, RANGE_PAST_END, 'RANGE_NOT_SATISFIABLE', {
      'content-range': `bytes */${size}`,
      'cache-control': 'no-store',
    })
  }
  if (file.stream) {
    const free = await largeReads.take('Too many large downloads at once. Please try again in a few seconds.')
    const body = file.stream(range ?? undefined)
    reply.raw.once('close', free)
    body.once('end', free).once('error', free)
    const length = range ? range.end - range.start + 1 : size
    reply.type(file.contentType).header('accept-ranges', 'bytes').header('content-length', length)
    if (!range) return reply.send(body)
    return reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).send(body)
  }
  const bytes = await file.read(range ?? undefined)
  reply.type(file.contentType).header('accept-ranges', 'bytes').header('content-length', bytes.length)
  if (!range) return reply.send(bytes)
  return reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).send(bytes)
}
