import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import multipart from '@fastify/multipart'
import { badRequest, errorResponses, HttpError, multipartProblem, newObjectId } from '@site/service-kit'
import { MAX_UPLOAD_BYTES, UploadResponse } from '@site/contracts'
import type { Config } from '../../config.js'
import { IMAGE_TYPES, NotAnImageError, reencodeImage, sniffImage } from '@site/service-kit/images'

const NOT_AN_IMAGE = 'Please select an image file'
const tooLarge = () => new HttpError(413, 'File size must be less than 10MB', 'FILE_TOO_LARGE')
const notAnImage = () => badRequest(NOT_AN_IMAGE, 'NOT_AN_IMAGE')

function mapMultipartError(err: unknown): unknown {
  const code = (err as { code?: string }).code
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return tooLarge()
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return notAnImage()
  return multipartProblem(err) ?? err
}

/**
 * POST /api/projects/upload (registered by the projects' admin routes): one image of at most
 * 10 MB, checked by its bytes, re-encoded without metadata and stored in GridFS. Answers its public path.
 */
const upload: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
    throwFileSizeLimit: true,
  })

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
      let bytes: Buffer
      try {
        const file = await request.file()
        if (!file) throw notAnImage()
        bytes = await file.toBuffer()
        // The limit alone can hand over a silently cut file (design §4).
        if (file.file.truncated) throw tooLarge()
      } catch (err) {
        throw mapMultipartError(err)
      }
      if (bytes.length > MAX_UPLOAD_BYTES) throw tooLarge()
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
      request.log.info({ path, bytes: bytes.length, stored: clean.length }, 'project image stored')
      return { uploadURL: `/objects/${path}` }
    },
  )
}
export default upload
