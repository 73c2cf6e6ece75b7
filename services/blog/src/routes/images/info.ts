import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ImageInfoList, SURROGATE } from '@site/contracts'
import { errorResponses, etagOf, sendShared } from '@site/service-kit'
import { ImageInfoQuery, askedPaths, imageVariantsModel, toImageInfo } from '@site/service-kit/editorial'
import { IMAGE_URL_PREFIX, ORIGINAL_NAME } from '../../models/images.js'

const nameOf = (src: string) => {
  const name = src.startsWith(IMAGE_URL_PREFIX) ? src.slice(IMAGE_URL_PREFIX.length) : ''
  return ORIGINAL_NAME.test(name) ? name : null
}

/**
 * GET /api/blog/images?src=…: the imported images' sizes and variant widths (the content service's
 * GET /api/content/images for the blog's own store), for the public pages' `<picture>`. Images
 * whose variants are not made are left out and shown as they are. An imported image has no alt
 * texts of its own (the post body's alt is used). Each image's key is purged when its variants are made.
 */
const imagesInfo: FastifyPluginAsyncTypebox = async (app) => {
  const variants = imageVariantsModel(app.db)
  app.get(
    '/api/blog/images',
    {
      schema: {
        tags: ['blog'],
        summary: 'Sizes and variant widths of imported images, by URL',
        querystring: ImageInfoQuery,
        response: { 200: ImageInfoList, 304: {}, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const names = askedPaths(request.query.src, nameOf)
      // One read by `_id` each: FerretDB pushes no `$in` down (it would read every record).
      const found = await Promise.all(names.map((_id) => variants.findOne({ _id, done: true }).lean()))
      const items = found
        .filter((v) => v !== null && v.widths.length > 0)
        .map((v) => toImageInfo(v!, IMAGE_URL_PREFIX))
      const body = JSON.stringify({ items })
      const keys = names.map((n) => SURROGATE.media(n.slice(0, 32)))
      return sendShared(request, reply, { body, etag: etagOf(body), at: Date.now() }, keys)
    },
  )
}
export default imagesInfo
