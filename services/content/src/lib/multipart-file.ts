import type { FastifyRequest } from 'fastify'
import { HttpError, multipartProblem } from '@site/service-kit'
import { MAX_UPLOAD_BYTES } from '@site/contracts'

export const tooLarge = () => new HttpError(413, 'File size must be less than 10MB', 'FILE_TOO_LARGE')

/**
 * The one file of a multipart upload, whole, with its name: at most 10 MB (413 past it, a silently
 * cut file included), `missing()` when there is none or the body is not multipart.
 */
export async function readOneFile(
  request: FastifyRequest,
  missing: () => Error,
): Promise<{ bytes: Buffer; filename: string }> {
  let bytes: Buffer
  let filename: string
  try {
    const file = await request.file()
    if (!file) throw missing()
    bytes = await file.toBuffer()
    filename = file.filename
    // The limit alone can hand over a silently cut file (design §4).
    if (file.file.truncated) throw tooLarge()
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw tooLarge()
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw missing()
    throw multipartProblem(err) ?? err
  }
  if (bytes.length > MAX_UPLOAD_BYTES) throw tooLarge()
  return { bytes, filename }
}

/** multipart's limits for one file of at most 10 MB. */
export const ONE_FILE_LIMITS = {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  throwFileSizeLimit: true,
}
