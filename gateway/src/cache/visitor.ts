import type { IncomingHttpHeaders } from 'node:http'
import { signedSessionIn } from '@site/service-kit'

/**
 * Who may be answered from the shared cache. A signed-in admin is never (their pages differ); every
 * other request is a visitor, whatever it carries, so nothing a client makes up takes it past the
 * cache (issue 42): the `sid` cookie counts only when its signature is valid, checked here without
 * Redis, the way the auth service signs it (@fastify/session through @fastify/cookie: the session
 * id, a dot, and the HMAC-SHA256 of the id with SESSION_SECRET in unpadded base64). An expired but
 * signed session still bypasses: only the auth service's Redis knows, and forging one takes the
 * secret. `Authorization` is no bypass on pages (the web server reads no such header and does not
 * get it); on the API it still is: a service may answer it for that caller only.
 */

/** A page (the web server's), as opposed to the API or stored objects. */
export const isPage = (path: string) => !path.startsWith('/api/') && !path.startsWith('/objects/')

export type PersonalCheck = (request: { headers: IncomingHttpHeaders; url?: string }) => boolean

/**
 * The check of requests that must not be answered from, or stored in, the shared cache. Without
 * a secret (a local process without SESSION_SECRET) every `sid` cookie counts as a session.
 */
export function personalCheck(secret: string | undefined): PersonalCheck {
  return (request) => {
    if (signedSessionIn(request.headers.cookie, secret)) return true
    const path = (request.url ?? '/').split('?', 1)[0] ?? '/'
    return !isPage(path) && request.headers.authorization !== undefined
  }
}
