import { PassThrough } from 'node:stream'
import type { IncomingMessage } from 'node:http'

/**
 * The stream the gateway hands to the upstream client in place of the client's own request.
 *
 * undici destroys the body it was given when the upstream answers before reading all of it (an
 * early 401, 403, 413, 415 or 429). Given the client's request itself, that destroyed the client's
 * socket: a client reusing its keep-alive connection got EPIPE instead of the answer. Here only the
 * copy is destroyed; what the client still sends is read and dropped, so its connection stays
 * usable for the next request.
 */
export function upstreamBody(raw: IncomingMessage): PassThrough {
  const copy = new PassThrough()
  raw.pipe(copy)
  // The client went away mid-body: the upstream request must end too.
  raw.once('close', () => {
    if (!raw.complete) copy.destroy(new Error('the client closed the request before sending its body'))
  })
  copy.on('close', () => {
    if (raw.complete) return
    raw.unpipe(copy)
    raw.resume()
  })
  return copy
}
