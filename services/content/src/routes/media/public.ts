import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { badRequest, errorResponses, sendShared } from '@site/service-kit'
import { ImageInfoList, SURROGATE, type ImageInfo } from '@site/contracts'
import { ownObjectPath } from '../projects/urls.js'

/** `media/<id>.jpg` → `<id>`: the key the item's writes and its variants announce. */
export const objectId = (path: string) => /^[a-z0-9-]+\/([A-Za-z0-9_]+)/.exec(path)?.[1] ?? path

/** Most images one call asks about: a page of the blog list shows 12, a long post a few dozen. */
const MAX_SOURCES = 50

/**
 * GET /api/content/images?src=…: what the public pages need to show stored images as a `<picture>`
 * (size, variant widths, alt texts), for the images whose variants are made. Other URLs (elsewhere,
 * or not made yet) are left out and shown as they are. Cached like every public read; the variants
 * worker announces on the invalidation channel and purges the image's key when it finishes one.
 */
const imagesPublic: FastifyPluginAsyncTypebox = async (app) => {
  const { models, cache } = app.store
  app.get(
    '/api/content/images',
    {
      schema: {
        tags: ['media'],
        summary: 'Sizes, variant widths and alt texts of stored images, by URL',
        querystring: Type.Object({
          /** Image URLs, comma separated (or the parameter repeated). */
          src: Type.Union([
            Type.String({ maxLength: 16000 }),
            Type.Array(Type.String({ maxLength: 300 }), { maxItems: MAX_SOURCES }),
          ]),
        }),
        response: { 200: ImageInfoList, 304: {}, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const asked = [request.query.src].flat().flatMap((s) => s.split(','))
      if (asked.length > MAX_SOURCES) throw badRequest(`At most ${MAX_SOURCES} images at once`, 'VALIDATION')
      const paths = [...new Set(asked.map(ownObjectPath).filter((p): p is string => p !== null))].sort()
      const entry = await cache.get(`images:${paths.join(' ')}`, async () => {
        if (!paths.length) return { items: [] }
        const among = models.media.base.trusted({ $in: paths })
        const [variants, media] = await Promise.all([
          models.imageVariants.find({ _id: among, done: true }).lean(),
          models.media.find({ path: among }, { path: 1, alt_nl: 1, alt_en: 1, alt_de: 1 }).lean(),
        ])
        const alts = new Map(media.map((m) => [m.path, m]))
        const items: ImageInfo[] = variants
          .filter((v) => v.widths.length > 0)
          .map((v) => ({
            src: `/objects/${v._id}`,
            width: v.width,
            height: v.height,
            widths: [...v.widths].sort((a, b) => a - b),
            base: `/objects/${v._id.replace(/\.[a-z0-9]+$/, '')}`,
            alt_nl: alts.get(v._id)?.alt_nl ?? null,
            alt_en: alts.get(v._id)?.alt_en ?? null,
            alt_de: alts.get(v._id)?.alt_de ?? null,
          }))
        return { items }
      })
      // Each image's key: an alt text edited, an item deleted or its variants made purge this answer.
      const keys = paths.map((p) => SURROGATE.media(objectId(p)))
      return sendShared(request, reply, entry, keys)
    },
  )
}
export default imagesPublic
