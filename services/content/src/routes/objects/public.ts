import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { errorResponses, notFound, sendImmutable } from '@site/service-kit'
import { OBJECT_PATH } from '../../lib/objects.js'

const OBJECT_NOT_FOUND = 'Object not found'

/** GET /objects/{path}: stored images. A path never changes content, so browsers may keep it for a year. */
const objectsPublic: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/objects/*',
    {
      schema: {
        tags: ['objects'],
        summary: 'An uploaded image',
        params: Type.Object({ '*': Type.String({ maxLength: 300 }) }),
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
          304: Type.Null(),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const path = request.params['*']
      if (!OBJECT_PATH.test(path)) throw notFound(OBJECT_NOT_FOUND)
      const object = await app.store.objects.get(path)
      if (!object) throw notFound(OBJECT_NOT_FOUND)
      return sendImmutable(request, reply, {
        etag: object.etag,
        contentType: object.contentType,
        bytes: object.bytes,
      })
    },
  )
}
export default objectsPublic
