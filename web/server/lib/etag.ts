import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Sends a 200 body with an ETag of its content, or 304 when the client already holds it: pages and
 * feeds are rendered on every request (admins' edits show at once), but an unchanged one then
 * costs a revalidation, not its bytes. (The gateway suffixes the tag of a compressed answer and
 * gives us our own tag back on revalidation.)
 */
export function sendTagged(request: FastifyRequest, reply: FastifyReply, body: string) {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
  reply.header('etag', etag)
  const held = (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
  if (held.includes(etag) || held.includes('*')) return reply.code(304).send()
  return reply.send(body)
}
