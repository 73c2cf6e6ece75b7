import type { FastifyReply, FastifyRequest } from 'fastify'
import { etagOf, matchesEtag } from '@site/service-kit'

/**
 * Sends a 200 body with an ETag of its content, or 304 when the client already holds it: pages and
 * feeds are rendered on every request (admins' edits show at once), but an unchanged one then
 * costs a revalidation, not its bytes. (The gateway suffixes the tag of a compressed answer and
 * gives us our own tag back on revalidation.) The tag is the kit's etagOf, as every service's: the
 * gateway shares compressed copies by tag, and its test mode (ETAG_CHECK) holds every strong tag to
 * that hash of its body.
 */
export function sendTagged(request: FastifyRequest, reply: FastifyReply, body: string) {
  const etag = etagOf(body)
  reply.header('etag', etag)
  if (matchesEtag(request, etag)) return reply.code(304).send()
  return reply.send(body)
}
