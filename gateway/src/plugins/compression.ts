import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Readable, Transform, pipeline } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'
import { Counter } from 'prom-client'
import { COPY_MAX_BYTES, copyKey, mayKeep, unpooledCopy } from '../cache/compressed-copies.js'
import type { SharedCache } from '../cache/shared-cache.js'

/**
 * Compression in one place: JSON, HTML and other text answers of at least `MIN_BYTES`
 * go out br or gzip when the client accepts it, whichever service made them. Written for the
 * proxy: upstream answers arrive as streams with the upstream's Content-Length, so the size test
 * uses that header and the body is compressed as it streams (never buffered here).
 *
 * Not compressed: answers already encoded (the web app's precompressed static files), HEAD, 204,
 * 206 and 304, event streams (compression would hold events back), and small answers.
 *
 * ETags: a compressed answer is another representation, so its ETag gets a suffix ("abc" →
 * "abc-br"). On the way in, If-None-Match tags with that suffix are given back to the upstream in
 * its own form, and a 304 repeats the tag the client sent, so revalidation keeps working.
 *
 * Compressed copies: an answer with a strong ETag is compressed once per tag and encoding and the
 * bytes kept (cache/compressed-copies.ts); the next answer with the same tag is the kept copy and
 * the upstream's body is read and dropped. Our services' and the web server's tags are hashes of
 * the body: the services cache their public reads, so without this the gateway spent more CPU
 * compressing them than proxying them (docs/operations.md, "Compression"). Private answers
 * (no-store, private, Set-Cookie, a request with a session or Authorization) are never kept, nor
 * answers to long URLs.
 */
export const MIN_BYTES = 1024
/** Cheap settings for per-request work: brotli 4 is about as fast as gzip 6 and smaller. */
const BROTLI_QUALITY = 4
const GZIP_LEVEL = 6

const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|[\w.+-]+\+json|javascript|xml|[\w.+-]+\+xml)|image\/svg\+xml)/i
const SUFFIXED = /-(br|gzip)"$/

type Encoding = 'br' | 'gzip'

/**
 * The encoding we send: br, then gzip, when the client accepts it (`*` counts; q=0 refuses).
 * Parsed as RFC 9110 writes it, whitespace and case allowed anywhere (`BR ; Q=1`): the shared
 * cache keys by this, and asks the upstream for it alone (plugins/shared-cache-lookup.ts).
 */
export function negotiate(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null
  const q = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...params] = part.split(';')
    const name = coding.trim().toLowerCase()
    if (!name) continue
    let value = 1
    for (const param of params) {
      const [key = '', raw] = param.split('=')
      if (key.trim().toLowerCase() === 'q') value = raw === undefined ? NaN : Number(raw.trim())
    }
    q.set(name, Number.isFinite(value) ? value : 0)
  }
  const accepts = (e: Encoding) => (q.get(e) ?? q.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}

/** Adds Accept-Encoding to Vary, keeping what the upstream put there (e.g. Cookie). */
function addVary(reply: FastifyReply) {
  const current = reply.getHeader('vary')
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  if (list.includes('*') || list.some((v) => v.toLowerCase() === 'accept-encoding')) return
  reply.header('vary', [...list, 'Accept-Encoding'].join(', '))
}

function payloadSize(reply: FastifyReply, payload: unknown): number | null {
  if (typeof payload === 'string') return Buffer.byteLength(payload)
  if (Buffer.isBuffer(payload)) return payload.length
  const length = Number(reply.getHeader('content-length'))
  return Number.isFinite(length) && reply.hasHeader('content-length') ? length : null
}

function compressor(encoding: Encoding, sizeHint: number | null): Transform {
  if (encoding === 'gzip') return createGzip({ level: GZIP_LEVEL })
  return createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
    },
  })
}

declare module 'fastify' {
  interface FastifyRequest {
    /** If-None-Match tags the client sent with our encoding suffix, by the upstream's own tag. */
    suffixedTags?: Map<string, string>
  }
}

export default fp<{ cache: SharedCache }>(
  async (app, { cache }) => {
    const copies = cache.copies
    const lookups = new Counter({
      name: 'gateway_compressed_copies_total',
      help: 'Compressed answers: served from a kept copy (hit) or compressed here (miss)',
      labelNames: ['result'] as const,
      registers: [app.metrics],
    })
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const inm = request.headers['if-none-match']
      if (typeof inm !== 'string' || !inm.includes('-')) return
      const map = new Map<string, string>()
      request.headers['if-none-match'] = inm
        .split(',')
        .map((raw) => {
          const tag = raw.trim()
          if (!SUFFIXED.test(tag)) return tag
          const own = tag.replace(SUFFIXED, '"')
          map.set(own, tag)
          return own
        })
        .join(', ')
      if (map.size) request.suffixedTags = map
    })

    app.addHook('onSend', async (request, reply, payload) => {
      const status = reply.statusCode
      const etag = reply.getHeader('etag')
      if (status === 304) {
        // Repeat the representation's tag the client holds (the upstream answered with its own form).
        const sent = typeof etag === 'string' ? request.suffixedTags?.get(etag) : undefined
        if (sent) reply.header('etag', sent)
        return payload
      }
      if (payload == null || request.method === 'HEAD' || status === 204 || status === 206) return payload
      if (reply.hasHeader('content-range')) return payload
      const encoded = reply.getHeader('content-encoding')
      if (encoded && encoded !== 'identity') return payload
      const type = String(reply.getHeader('content-type') ?? '')
      if (!COMPRESSIBLE.test(type)) return payload
      const size = payloadSize(reply, payload)
      if (size !== null && size < MIN_BYTES) return payload

      addVary(reply)
      const encoding = negotiate(request.headers['accept-encoding'])
      if (!encoding) return payload
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload) && !(payload instanceof Readable))
        return payload

      const key = typeof etag === 'string' && mayKeep(request, reply) ? copyKey(etag, encoding) : null
      reply.header('content-encoding', encoding)
      reply.removeHeader('content-length')
      if (typeof etag === 'string' && etag.endsWith('"'))
        reply.header('etag', `${etag.slice(0, -1)}-${encoding}"`)
      const copy = key ? copies.get(key) : undefined
      if (copy) {
        lookups.inc({ result: 'hit' })
        // Read the upstream's body to its end, so its connection goes back to the pool.
        if (payload instanceof Readable) payload.resume()
        return copy
      }
      lookups.inc({ result: 'miss' })
      const zip = compressor(encoding, size)
      const source = payload instanceof Readable ? payload : Readable.from([payload])
      // What goes out is kept once the whole answer was compressed (never a cut-short one), when
      // it may be kept and is not over the bound.
      let chunks: Buffer[] | null = key ? [] : null
      let bytes = 0
      const keep = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length
          if (bytes > COPY_MAX_BYTES) chunks = null
          chunks?.push(chunk)
          done(null, chunk)
        },
      })
      pipeline(source, zip, keep, (err) => {
        if (err) request.log.warn({ err }, 'compression: the answer was cut short')
        else if (key && chunks) copies.set(key, unpooledCopy(chunks, bytes))
      })
      return keep
    })
  },
  { name: 'gateway-compression' },
)
