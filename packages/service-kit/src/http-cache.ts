import type { FastifyReply, FastifyRequest } from 'fastify'

/** For answers about the signed-in admin or holding personal data: no browser or proxy may keep them. */
export const PRIVATE_NO_STORE = 'private, no-store'

/** Adds `Cookie` to the reply's Vary header (keeping what is there): the answer depends on the session. */
export function varyOnCookie(reply: FastifyReply): FastifyReply {
  const current = reply.getHeader('vary')
  const list = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  if (!list.some((v) => v.toLowerCase() === 'cookie' || v === '*')) list.push('Cookie')
  return reply.header('vary', list.join(', '))
}

/** Marks this answer private, no-store (use on the private variant of a route that also has a public one, with varyOnCookie). */
export function privateAnswer(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', PRIVATE_NO_STORE)
}

/**
 * onSend hook for a context whose every answer is private (admin routes, the account): sets
 * `private, no-store` unless the route chose a Cache-Control itself. Runs for errors too, so a
 * 401 is not cached for the next visitor either.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', PRIVATE_NO_STORE)
  return payload
}
