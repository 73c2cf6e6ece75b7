import type { FastifyReply, FastifyRequest } from 'fastify'
import { SHARED_CACHE_QUERY, parseSurrogateKeys, splitCacheControl } from '@site/contracts/surrogate'
import { COPY_MAX_URL_BYTES } from './compressed-copies.js'

/**
 * What the gateway's shared cache keeps and under which key (plugins/shared-cache-*.ts): the
 * rules of a shared cache (RFC 9111) narrowed to what this site needs. Only answers the upstream
 * marks shareable, only for anonymous requests, keyed so that visitors cannot multiply the keys.
 */

/** One kept answer, as it went out (security headers included), and its lifetimes. */
export interface CachedAnswer {
  status: number
  /** The headers sent with it (hop-by-hop ones, Age and Cache-Status left out). */
  headers: Record<string, string | string[]>
  body: Buffer
  /** Its ETag as sent (with the compression suffix): a matching If-None-Match gets a 304. */
  etag: string | undefined
  /** Surrogate keys: a purge naming one of them makes the answer stale. */
  keys: string[]
  /** The request headers it varies on besides Accept-Encoding and Cookie, with their values. */
  vary: [name: string, value: string][]
  storedAt: number
  freshUntil: number
  /** Served while a new answer is fetched in the background (stale-while-revalidate). */
  revalidateUntil: number
  /**
   * Served while its upstream is unwell (stale-if-error, CACHE_STALE_IF_ERROR_SECONDS); after a
   * purge flagged `stale`, at most CACHE_PURGED_STALE_SECONDS past the purge.
   */
  staleUntil: number
  /** An edit named one of its keys (a purge flagged `stale`): never served fresh again. */
  purged: boolean
}

/** Statuses kept when the answer says it may be (a redirect from an old slug carries the post's keys). */
const STORABLE = new Set([200, 203, 301, 308, 404, 410])
/** A header never kept: per connection, or set again on every answer. */
const NOT_KEPT = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'date',
  'age',
  'cache-status',
  'set-cookie',
  'x-request-id',
  'retry-after',
])
/** Headers of one client's request (its rate-limit budget), never kept for others. */
const CLIENT_HEADER = /^x-ratelimit-/i

/** The longest key of a page (its path and declared query): a longer page URL is a 414. */
export const PAGE_KEY_MAX_BYTES = 2048

/**
 * The key of a GET (a HEAD is answered from it): the path, only the query parameters that path
 * declares (SHARED_CACHE_QUERY; all others left out, so `?utm_source=…` is the same entry), and the
 * encoding the answer is sent in. A page is keyed whatever the rest of its URL (PAGE_KEY_MAX_BYTES
 * bounds the key itself); an API or object URL longer than COPY_MAX_URL_BYTES is not keyed (null):
 * no real read needs one, and those have a rate limit.
 */
export function cacheKey(url: string, encoding: string, page = false): string | null {
  if (!page && Buffer.byteLength(url) > COPY_MAX_URL_BYTES) return null
  const mark = url.indexOf('?')
  const path = mark < 0 ? url : url.slice(0, mark)
  const declared = SHARED_CACHE_QUERY[path]
  let query = ''
  if (declared && mark >= 0) {
    const params = new URLSearchParams(url.slice(mark + 1))
    query = declared
      .filter((name) => params.has(name))
      .map((name) => `${name}=${encodeURIComponent(params.get(name) ?? '')}`)
      .join('&')
  }
  const key = `${path}?${query} ${encoding}`
  return Buffer.byteLength(key) > PAGE_KEY_MAX_BYTES ? null : key
}

/** The encoding a key is for (its last word). */
export const keyEncoding = (key: string) => key.slice(key.lastIndexOf(' ') + 1)

/**
 * Whether the URL has only query parameters its path declares. A redirect's Location may repeat the
 * query (an old post URL keeps its `?utm_…`), so a redirect to a URL with other parameters is not
 * kept: another visitor would be sent to this one's query. Pages do not echo the query.
 */
export function onlyDeclaredQuery(url: string): boolean {
  const mark = url.indexOf('?')
  if (mark < 0) return true
  const declared = SHARED_CACHE_QUERY[url.slice(0, mark)] ?? []
  for (const name of new URLSearchParams(url.slice(mark + 1)).keys())
    if (!declared.includes(name)) return false
  return true
}

/** How long a shared cache may keep an answer with this Cache-Control, in seconds; null: not at all. */
export function sharedLifetime(cacheControl: string): { fresh: number; revalidate: number } | null {
  const directives = new Map<string, string>()
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name, value = ''] = part.trim().split('=')
    if (name) directives.set(name, value.replace(/"/g, ''))
  }
  if (['private', 'no-store', 'no-cache'].some((d) => directives.has(d))) return null
  const lifetime =
    directives.get('s-maxage') ?? (directives.has('public') ? directives.get('max-age') : undefined)
  const fresh = Number(lifetime)
  if (lifetime === undefined || !Number.isFinite(fresh) || fresh <= 0) return null
  const revalidate = Number(directives.get('stale-while-revalidate') ?? 0)
  return { fresh, revalidate: Number.isFinite(revalidate) && revalidate > 0 ? revalidate : 0 }
}

const headerList = (value: unknown) =>
  (Array.isArray(value) ? value.join(',') : String(value ?? ''))
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean)

/** The Vary headers the key must match (Accept-Encoding is in the key; Cookie only matters for a session, and those bypass). */
export function varyOn(reply: FastifyReply): string[] | null {
  const names = headerList(reply.getHeader('vary'))
  if (names.includes('*')) return null
  return names.filter((n) => n !== 'accept-encoding' && n !== 'cookie')
}

export const varyValues = (request: FastifyRequest, names: string[]): [string, string][] =>
  names.map((name) => [name, headerList(request.headers[name]).join(',')])

export const varyMatches = (request: Pick<FastifyRequest, 'headers'>, entry: CachedAnswer) =>
  entry.vary.every(([name, value]) => headerList(request.headers[name]).join(',') === value)

/**
 * The answer as a cache entry, or null when it may not be kept: a GET answered with a storable
 * status, no Set-Cookie, and a Cache-Control a shared cache may honour.
 */
export function toEntry(
  request: FastifyRequest,
  reply: FastifyReply,
  staleIfErrorSeconds: number,
): Omit<CachedAnswer, 'body'> | null {
  if (request.method !== 'GET' || !STORABLE.has(reply.statusCode)) return null
  if (reply.hasHeader('set-cookie')) return null
  if (reply.hasHeader('location') && !onlyDeclaredQuery(request.url)) return null
  const lifetime = sharedLifetime(String(reply.getHeader('cache-control') ?? ''))
  const vary = varyOn(reply)
  if (!lifetime || !vary) return null
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || NOT_KEPT.has(name.toLowerCase()) || CLIENT_HEADER.test(name)) continue
    headers[name] = Array.isArray(value) ? value.map(String) : String(value)
  }
  Object.assign(headers, clientCacheHeaders(String(reply.getHeader('cache-control'))))
  const now = Date.now()
  const freshUntil = now + lifetime.fresh * 1000
  const etag = reply.getHeader('etag')
  return {
    status: reply.statusCode,
    headers,
    etag: typeof etag === 'string' ? etag : undefined,
    keys: parseSurrogateKeys(String(reply.getHeader('surrogate-key') ?? '')),
    vary: varyValues(request, vary),
    storedAt: now,
    freshUntil,
    revalidateUntil: freshUntil + lifetime.revalidate * 1000,
    staleUntil: freshUntil + staleIfErrorSeconds * 1000,
    purged: false,
  }
}

/** The Cache-Control (and CDN-Cache-Control) a client gets for an answer with this Cache-Control. */
export function clientCacheHeaders(cacheControl: string): Record<string, string> {
  const { browser, cdn } = splitCacheControl(cacheControl)
  return cdn ? { 'cache-control': browser, 'cdn-cache-control': cdn } : {}
}

/** What an entry is counted at besides its key: body, headers, keys, and the objects holding them. */
export function answerBytes(entry: CachedAnswer): number {
  let bytes = entry.body.length + 1024
  for (const [name, value] of Object.entries(entry.headers))
    bytes += 2 * (name.length + (Array.isArray(value) ? value.join('').length : value.length)) + 64
  for (const key of entry.keys) bytes += 2 * key.length + 48
  for (const [name, value] of entry.vary) bytes += 2 * (name.length + value.length) + 64
  return bytes
}

/** Whether If-None-Match names this tag (weakly compared, as for GET). */
export function notModified(request: Pick<FastifyRequest, 'headers'>, etag: string | undefined): boolean {
  const header = request.headers['if-none-match']
  if (!etag || typeof header !== 'string') return false
  if (header.trim() === '*') return true
  const own = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === own)
}
