import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errorResponses, sendShared } from '@site/service-kit'
import { ImageInfoList, SURROGATE } from '@site/contracts'
import { ImageInfoQuery, askedPaths, toImageInfo } from '@site/service-kit/editorial'
import { ownObjectPath } from '../projects/urls.js'

/** `media/<id>.jpg` → `<id>`: the key the item's writes and its variants announce. */
export const objectId = (path: string) => /^[a-z0-9-]+\/([A-Za-z0-9_]+)/.exec(path)?.[1] ?? path

/**
 * GET /api/content/images?src=…: what the public pages need to show stored images as a `<picture>`
 * (size, variant widths, alt texts), for the images whose variants are made. Other URLs (elsewhere,
 * or not made yet) are left out and shown as they are. Cached like every public read; the variants
 * worker's afterWrite makes every replica forget, then purges the image's key, when it finishes one.
 */
const imagesPublic: FastifyPluginAsyncTypebox = async (app) => {
  const { models, cache } = app.store
  app.get(
    '/api/content/images',
    {
      schema: {
        tags: ['media'],
        summary: 'Sizes, variant widths and alt texts of stored images, by URL',
        querystring: ImageInfoQuery,
        response: { 200: ImageInfoList, 304: {}, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const paths = askedPaths(request.query.src, ownObjectPath)
      const entry = await cache.get(`images:${paths.join(' ')}`, async () => {
        if (!paths.length) return { items: [] }
        // One read of an index each: FerretDB pushes no `$in` down (it would read every record).
        // By `_id` first; the alt texts only of the images that have variants, so a src nobody
        // stored (any visitor can send new ones) costs one read by `_id`, nothing more (issue 45).
        const variants = (
          await Promise.all(paths.map((_id) => models.imageVariants.findOne({ _id, done: true }).lean()))
        ).flatMap((v) => (v && v.widths.length > 0 ? [v] : []))
        const media = await Promise.all(
          variants.map((v) =>
            models.media.findOne({ path: v._id }, { path: 1, alt_nl: 1, alt_en: 1, alt_de: 1 }).lean(),
          ),
        )
        const alts = new Map(media.flatMap((m) => (m ? [[m.path, m] as const] : [])))
        const items = variants.map((v) => toImageInfo(v, '/objects/', alts.get(v._id)))
        return { items }
      })
      // Each image's key: an alt text edited, an item deleted or its variants made purge this answer.
      const keys = paths.map((p) => SURROGATE.media(objectId(p)))
      return sendShared(request, reply, entry, keys)
    },
  )
}
export default imagesPublic
