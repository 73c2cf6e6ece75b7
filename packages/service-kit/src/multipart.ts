import { HttpError, badRequest } from './errors.js'

/**
 * Maps a multipart parser error (busboy, @fastify/multipart) to a 400 in the user's terms, or
 * returns undefined when the error is something else. Without this a broken upload ended in 500
 * ("Multipart: Boundary not found", "Unexpected end of multipart data").
 */
export function multipartProblem(err: unknown): HttpError | undefined {
  if (!err || typeof err !== 'object') return undefined
  const { message = '', code } = err as { message?: string; code?: string }
  if (/boundary (not found|required)/i.test(message)) {
    return badRequest(
      'The upload is not valid multipart/form-data: its boundary is missing from the Content-Type header.',
      'MULTIPART_NO_BOUNDARY',
    )
  }
  if (
    /unexpected end of (multipart data|form)|terminated early/i.test(message) ||
    code === 'FST_MP_PREMATURE_CLOSE'
  ) {
    return badRequest('The upload ended before it was complete. Please try again.', 'MULTIPART_TRUNCATED')
  }
  if (/malformed (part )?header|multipart/i.test(message) && !code) {
    return badRequest('The upload is not valid multipart/form-data.', 'MULTIPART_INVALID')
  }
  if (code === 'FST_PROTO_VIOLATION')
    return badRequest('The upload has a field name that is not allowed.', 'MULTIPART_INVALID')
  return undefined
}
