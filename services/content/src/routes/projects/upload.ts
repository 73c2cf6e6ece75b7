import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import multipart from '@fastify/multipart'
import { badRequest, errorResponses, newObjectId } from '@site/service-kit'
import { UploadResponse } from '@site/contracts'
import type { Config } from '../../config.js'
import { IMAGE_TYPES, NotAnImageError, imageSize, reencodeImage, sniffImage } from '@site/service-kit/images'
import { ONE_FILE_LIMITS, readOneFile } from '../../lib/multipart-file.js'

const NOT_AN_IMAGE = 'Please select an image file'
const notAnImage = () => badRequest(NOT_AN_IMAGE, 'NOT_AN_IMAGE')

/**
 * POST /api/projects/upload (registered by the projects' admin routes): one image of at most
 * 10 MB, checked by its bytes, re-encoded without metadata and stored in GridFS. Answers its public
 * path; its responsive variants are made by the `media-variants` job.
 */
const upload: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(multipart, ONE_FILE_LIMITS)

  app.post(
    '/api/projects/upload',
    {
      schema: {
        tags: ['projects'],
        summary: 'Upload a project image (admin, multipart field `file`)',
        consumes: ['multipart/form-data'],
        response: { 200: UploadResponse, ...errorResponses(400, 401, 413) },
      },
    },
    async (request) => {
      const { bytes } = await readOneFile(request, notAnImage)
      const kind = sniffImage(bytes)
      if (!kind) throw notAnImage()
      let clean: Buffer
      try {
        clean = await reencodeImage(bytes, kind, config.IMAGE_MAX_DIMENSION)
      } catch (err) {
        if (err instanceof NotAnImageError) throw notAnImage()
        throw err
      }
      const { ext, contentType } = IMAGE_TYPES[kind]
      const path = `projects/${newObjectId()}.${ext}`
      await app.store.objects.put(path, clean, contentType)
      const size = await imageSize(clean)
      if (size) await app.store.imageStored(path, size, request.log)
      request.log.info({ path, bytes: bytes.length, stored: clean.length }, 'project image stored')
      // In the audit trail (issue 45); no public answer shows it until a project names it.
      await app.changes.afterWrite(request, {
        kind: 'project',
        action: 'upload',
        target: { id: null, label: `/objects/${path}` },
        fields: [],
        keys: [],
      })
      return { uploadURL: `/objects/${path}` }
    },
  )
}
export default upload
