// Concurrent edits (issue 45): an editable document's admin read and its save answer with an ETag,
// the hash of the body as the route sends it; a save carrying `If-Match` with an older tag is
// refused with 412 instead of silently overwriting what someone else saved meanwhile. A save
// without `If-Match` (scripts, the seed) keeps the old behaviour: the later one wins.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { HttpError } from './http-error.js'
import { etagOf } from './read-cache.js'

export const EDIT_CONFLICT =
  'Someone else saved this document after you opened it. Reload it to see their version, or save again to overwrite it.'

/** A save's optional If-Match, for the OpenAPI document (`schema: { headers: IfMatchHeaders }`). */
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      maxLength: 1024,
      description: 'The ETag of the version the editor opened: 412 when the document changed since',
    }),
  ),
})

/** The tag a document has as this route answers it (the route's own 200 serializer). */
export function versionOf(reply: FastifyReply, dto: unknown): string {
  return etagOf(reply.serialize(dto) as string)
}

/**
 * Sends `dto` as JSON with its ETag (the hash of exactly these bytes, as the gateway's ETAG_CHECK
 * requires of a strong tag) and `private, no-store`.
 */
export function sendVersioned(reply: FastifyReply, dto: unknown) {
  const body = reply.serialize(dto) as string
  return reply
    .header('etag', etagOf(body))
    .header('cache-control', 'private, no-store')
    .type('application/json; charset=utf-8')
    .send(body)
}

/** The tags of an If-Match header in the service's own form (the gateway's "-br"/"-gzip" suffix off). */
function tags(header: string) {
  return header.split(',').map((t) =>
    t
      .trim()
      .replace(/^W\//, '')
      .replace(/-(?:br|gzip)"$/, '"'),
  )
}

/**
 * Refuses the save with 412 when the request's If-Match names another version than `current`'s
 * (the document as stored now). No If-Match, or `*`, passes. The 412 carries the current ETag.
 */
export function checkIfMatch(request: FastifyRequest, reply: FastifyReply, current: unknown) {
  const header = request.headers['if-match']
  if (!header || header.trim() === '*') return
  const now = versionOf(reply, current)
  if (!tags(header).includes(now)) throw new HttpError(412, EDIT_CONFLICT, 'EDIT_CONFLICT', { etag: now })
}
