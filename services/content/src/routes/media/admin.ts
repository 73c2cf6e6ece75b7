import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  ADMIN_WRITE_ERRORS,
  PRIVATE_NO_STORE,
  adminOnly,
  conflict,
  errorResponses,
  escapeRegex,
  findPage,
  isObjectId,
  notFound,
} from '@site/service-kit'
import { IdParams, MediaAltInput, MediaDetail, MediaItem, PageQuery, Paged } from '@site/contracts'
import type { Config } from '../../config.js'
import { toMediaDto, type MediaDoc } from '../../models/media.js'
import { usesOf } from '../../lib/usage.js'
import { deleteStoredImage } from '../../lib/orphans.js'
import mediaUpload from './upload.js'

const tags = ['media']
const NOT_FOUND = 'Media item not found'
const IN_USE = 'This file is still used; remove it from these places first'

/** The media library: GET/POST /api/media, GET/PATCH/DELETE /api/media/{id}, all admin only. */
const mediaAdmin: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  adminOnly(app, { capability: 'content.edit', audit: 'media' })
  const { models, objects } = app.store
  await app.register(mediaUpload, { config })

  /** The items with the widths their variants exist at (empty until the job has run). */
  async function withWidths(docs: MediaDoc[]): Promise<MediaItem[]> {
    const done = await models.imageVariants
      .find({ _id: models.media.base.trusted({ $in: docs.map((d) => d.path) }), done: true }, { widths: 1 })
      .lean()
    const widths = new Map(done.map((v) => [v._id, v.widths]))
    return docs.map((d) => toMediaDto(d, widths.get(d.path) ?? []))
  }
  async function load(id: string): Promise<MediaDoc> {
    const doc = isObjectId(id) ? await models.media.findById(id).lean<MediaDoc>() : null
    if (!doc) throw notFound(NOT_FOUND, 'MEDIA_NOT_FOUND')
    return doc
  }

  app.get(
    '/api/media',
    {
      config: { capability: ['content.read', 'media.upload'] },
      schema: {
        tags,
        summary: 'The media library, newest first; `q` searches the file names (admin)',
        querystring: PageQuery,
        response: { 200: Paged(MediaItem), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { q, ...paging } = request.query
      const text = q?.trim().toLowerCase()
      const filter = text ? { name_key: models.media.base.trusted({ $regex: escapeRegex(text) }) } : {}
      const page = await findPage(models.media, filter, paging, {
        sort: { created_at: -1, _id: -1 },
        map: (d: MediaDoc) => d,
      })
      reply.header('cache-control', PRIVATE_NO_STORE)
      return { ...page, items: await withWidths(page.items) }
    },
  )

  app.get(
    '/api/media/:id',
    {
      config: { capability: ['content.read', 'media.upload'] },
      schema: {
        tags,
        summary: 'One item with where it is used: posts, pages, projects (admin)',
        params: IdParams,
        response: { 200: MediaDetail, ...errorResponses(401, 404, 503) },
      },
    },
    async (request, reply) => {
      const doc = await load(request.params.id)
      const [item] = await withWidths([doc])
      const used_by = await usesOf(models, config.BLOG_URL, request, `/objects/${doc.path}`)
      reply.header('cache-control', PRIVATE_NO_STORE)
      return { ...item!, used_by }
    },
  )

  app.patch(
    '/api/media/:id',
    {
      schema: {
        tags,
        summary: 'Set the alt texts (nl, en, de; empty or null removes one) (admin)',
        params: IdParams,
        body: MediaAltInput,
        response: { 200: MediaItem, ...ADMIN_WRITE_ERRORS },
      },
    },
    async (request) => {
      const before = await load(request.params.id)
      const set: Record<string, string | null> = {}
      for (const [key, value] of Object.entries(request.body)) set[key] = value?.trim() || null
      const doc = await models.media
        .findByIdAndUpdate(before._id, { $set: set }, { returnDocument: 'after' })
        .lean<MediaDoc>()
      if (!doc) throw notFound(NOT_FOUND, 'MEDIA_NOT_FOUND')
      const [item] = await withWidths([doc])
      await app.changes.afterWrite(request, {
        kind: 'media',
        action: 'update',
        target: { id: item!.id, label: doc.name },
        fields: Object.keys(set),
        staysPublic: true,
      })
      return item!
    },
  )

  app.delete(
    '/api/media/:id',
    {
      schema: {
        tags,
        summary: 'Delete an item and its variants; 409 while a post, page or project uses it (admin)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const doc = await load(request.params.id)
      const used = await usesOf(models, config.BLOG_URL, request, `/objects/${doc.path}`)
      if (used.length) {
        const where = used.map((u) => `${u.kind} "${u.title}"`).join(', ')
        throw conflict(`${IN_USE}: ${where}`, 'MEDIA_IN_USE')
      }
      await models.media.deleteOne({ _id: doc._id })
      await deleteStoredImage(models, objects, doc.path).catch((err: unknown) =>
        request.log.warn({ err, path: doc.path }, "a deleted item's file was not removed"),
      )
      await app.changes.afterWrite(request, {
        kind: 'media',
        action: 'delete',
        target: { id: String(doc._id), label: doc.name },
      })
      return reply.code(204).send(null)
    },
  )
}
export default mediaAdmin
