import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { FILE_RESPONSES, errorResponses, notFound, sendImmutable } from '@site/service-kit'
import { SURROGATE, SURROGATE_KEY_HEADER } from '@site/contracts'
import { sniffImage } from '@site/service-kit/images'
import { OBJECT_PATH } from '../../lib/objects.js'
import { objectId } from '../media/public.js'

const OBJECT_NOT_FOUND = 'Object not found'
/** What sniffStored looks at: the `ftyp` box's brand ends at byte 12. */
const SNIFF_BYTES = 12

/** The type the stored bytes are, by their first bytes (never by the name or the stored metadata). */
function sniffStored(bytes: Buffer): string | null {
  const image = sniffImage(bytes)
  if (image) return `image/${image}`
  const box = bytes.subarray(4, 12).toString('latin1')
  if (box === 'ftypavif') return 'image/avif'
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf'
  if (box.startsWith('ftyp')) return 'video/mp4'
  return null
}

/**
 * GET /objects/{path}: stored images, variants, PDFs and videos. A path never changes content, so
 * browsers and the gateway may keep it for a year; the Surrogate-Key names the item
 * (`media:<id>`: the original and its variants), which a delete purges. Served only as the type its
 * bytes are, with nosniff and a sandbox.
 */
const objectsPublic: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/objects/*',
    {
      schema: {
        tags: ['objects'],
        summary: 'A stored file: an uploaded image or one of its variants, a PDF, a video',
        params: Type.Object({ '*': Type.String({ maxLength: 300 }) }),
        response: { ...FILE_RESPONSES, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const path = request.params['*']
      if (!OBJECT_PATH.test(path)) throw notFound(OBJECT_NOT_FOUND)
      const object = await app.store.objects.open(path)
      if (!object) throw notFound(OBJECT_NOT_FOUND)
      // Its first bytes only (a range read): a video need not be read whole to be checked.
      const sniffed = sniffStored(
        await object.read({ start: 0, end: Math.min(SNIFF_BYTES, object.length) - 1 }),
      )
      if (!sniffed || sniffed !== object.contentType) {
        request.log.warn({ path, stored: object.contentType, sniffed }, 'stored object is not what it says')
        throw notFound(OBJECT_NOT_FOUND)
      }
      reply.header(SURROGATE_KEY_HEADER, SURROGATE.media(objectId(path)))
      return sendImmutable(request, reply, object)
    },
  )
}
export default objectsPublic
