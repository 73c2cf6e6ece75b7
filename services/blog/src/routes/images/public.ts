import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SURROGATE, SURROGATE_KEY_HEADER } from '@site/contracts'
import { Type, FILE_RESPONSES, errorResponses, notFound, sendImmutable, servedBytes } from '@site/service-kit'
import { IMAGE_NAME, loadImage } from '../../models/images.js'

const IMAGE_NOT_FOUND = 'Image not found'

/**
 * GET /api/blog/images/{name}: images of imported .docx files and their AVIF/WebP variants
 * (`<hash>-w640.avif`). A name is the hash of the image, so its content never changes and browsers
 * may keep it for a year. Same headers as /objects, and the image's key, as /objects sends it.
 */
const imagesPublic: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/blog/images/:name',
    {
      schema: {
        tags: ['blog'],
        summary: 'An image of an imported post',
        params: Type.Object({ name: Type.String({ maxLength: 100 }) }),
        response: { ...FILE_RESPONSES, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { name } = request.params
      if (!IMAGE_NAME.test(name)) throw notFound(IMAGE_NOT_FOUND)
      const image = await loadImage(app.db, name)
      if (!image) throw notFound(IMAGE_NOT_FOUND)
      reply.header(SURROGATE_KEY_HEADER, SURROGATE.media(name.slice(0, 32)))
      // Re-encoded pictures, small, kept by the gateway: read whole (a video's ranges are the content service's).
      return sendImmutable(request, reply, servedBytes(image))
    },
  )
}
export default imagesPublic
