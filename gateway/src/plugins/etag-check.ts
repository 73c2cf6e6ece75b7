import fp from 'fastify-plugin'
import { Readable } from 'node:stream'
import { HttpError, etagOf } from '@site/service-kit'

async function bodyOf(payload: unknown): Promise<Buffer | string | null> {
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return payload
  if (!(payload instanceof Readable)) return null
  const chunks: Buffer[] = []
  for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/**
 * ETAG_CHECK (the test stacks turn it on): the compressed copies are shared by every answer with
 * the same strong tag (cache/compressed-copies.ts), which is right only while every strong tag is
 * the hash of its body. This holds the whole system to it: each 200 answer to a GET with a strong
 * tag is read whole (test mode only), hashed with the kit's etagOf and passed on; one whose tag is
 * not that hash becomes a 500 and an error in the log naming the URL, so any test that reads it fails.
 * Registered before compression, so it sees the upstream's own bytes.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const etag = reply.getHeader('etag')
      if (request.method !== 'GET' || reply.statusCode !== 200) return payload
      if (typeof etag !== 'string' || !etag.startsWith('"') || payload == null) return payload
      const body = await bodyOf(payload)
      if (body === null) return payload
      const hash = etagOf(body)
      if (etag !== hash) {
        request.log.error(
          { url: request.url, etag, hash },
          'ETAG_CHECK: a strong ETag is not the hash of its body',
        )
        const message = `ETag ${etag} of ${request.url} is not the hash of its body (${hash})`
        throw new HttpError(500, message, 'ETAG_MISMATCH')
      }
      return body
    })
  },
  { name: 'gateway-etag-check' },
)
