import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import multipart from '@fastify/multipart'
import { badRequest, errorResponses } from '@site/service-kit'
import { MediaItem } from '@site/contracts'
import { Types } from 'mongoose'
import type { Config } from '../../config.js'
import { ONE_FILE_LIMITS, readOneFile } from '../../lib/multipart-file.js'
import { cleanName, prepareFile } from '../../lib/media-files.js'
import { toMediaDto } from '../../models/media.js'

const NOT_ACCEPTED = 'Please select an image (JPG, PNG, GIF, WebP), a PDF or an MP4 video'
const notAccepted = () => badRequest(NOT_ACCEPTED, 'UNSUPPORTED_FILE')

/**
 * POST /api/media (multipart field `file`): one image, PDF or MP4 of at most 10 MB into the library.
 * The type comes from the bytes; images are re-encoded without metadata and get their responsive
 * variants from the `media-variants` job. Registered inside the media routes (admin only).
 */
const mediaUpload: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(multipart, ONE_FILE_LIMITS)
  const { models, objects, imageStored } = app.store

  app.post(
    '/api/media',
    {
      config: { capability: 'media.upload' },
      schema: {
        tags: ['media'],
        summary: 'Add a file to the media library (admin, multipart field `file`)',
        consumes: ['multipart/form-data'],
        response: { 201: MediaItem, ...errorResponses(400, 401, 413) },
      },
    },
    async (request, reply) => {
      const { bytes, filename } = await readOneFile(request, notAccepted)
      const file = await prepareFile(bytes, config.IMAGE_MAX_DIMENSION)
      if (!file) throw notAccepted()
      const _id = new Types.ObjectId()
      const path = `media/${_id.toString()}.${file.ext}`
      const name = cleanName(filename, `${_id.toString()}.${file.ext}`)
      await objects.put(path, file.bytes, file.contentType)
      const doc = await models.media.create({
        _id,
        name,
        name_key: name.toLowerCase(),
        kind: file.kind,
        content_type: file.contentType,
        path,
        bytes: file.bytes.length,
        width: file.width,
        height: file.height,
      })
      if (file.kind === 'image' && file.width && file.height)
        await imageStored(path, { width: file.width, height: file.height }, request.log)
      const item = toMediaDto(doc.toObject())
      await app.changes.afterWrite(request, {
        kind: 'media',
        action: 'create',
        target: { id: item.id, label: name },
      })
      return reply.code(201).send(item)
    },
  )
}
export default mediaUpload
