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
  if (!tags(header).includes(versionOf(reply, current))) throw editConflict(reply, current)
}

/**
 * The write's filter for a save that passed `checkIfMatch` against `doc`: it matches only while
 * every field the tag covers still holds what the check read, so a save that lands between the
 * check and the write makes this one match nothing (then `editConflict`) instead of being
 * overwritten. `fields`: the stored fields the route's answer is made of.
 */
export function unchangedSince(doc: object, fields: readonly string[]): Record<string, unknown> {
  const stored = doc as Record<string, unknown>
  return Object.fromEntries([['_id', stored._id], ...fields.map((f) => [f, stored[f] ?? null])])
}

/** The 412 for a save whose version moved between its check and its write, with the tag of `current`. */
export function editConflict(reply: FastifyReply, current: unknown): HttpError {
  return new HttpError(412, EDIT_CONFLICT, 'EDIT_CONFLICT', { etag: versionOf(reply, current) })
}
