import { PassThrough } from 'node:stream'
import type { IncomingMessage } from 'node:http'
import type { FastifyReply } from 'fastify'

/**
 * After an early answer the rest of a client's body is read and dropped so its keep-alive connection
 * stays usable; past this many more bytes the client is not worth the bandwidth and is cut off.
 */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024
/**
 * And it may take this long after the answer went out: a client announcing 16 MB and sending a byte
 * a second would otherwise hold its connection for Node's whole request timeout (130 s).
 */
export const DRAIN_DEADLINE_MS = 5000

/** Requests whose body went over their route's limit while it was being forwarded. */
const overLimit = new WeakSet<IncomingMessage>()
export const bodyWasTooLarge = (raw: IncomingMessage) => overLimit.has(raw)
/** Requests whose body had not arrived within their route's timeout. */
const tooSlow = new WeakSet<IncomingMessage>()
export const bodyWasTooSlow = (raw: IncomingMessage) => tooSlow.has(raw)

/**
 * Called when an upstream's answer arrives, before it is passed on. reply-from announces
 * `Connection: close` whenever the upstream answers before the client's body has fully arrived (an
 * early 401, 403, 413, 415 or 429 to a client whose body is still on its way), and Node's server
 * then closes the socket as soon as the answer is written, without reading what the client is
 * still sending. The client's remaining bytes meet a closed socket, its kernel gets a reset, and a
 * client slow to read its answer (a busy machine) loses the answer too: its fetch fails with EPIPE.
 * The gateway drains that remainder instead (upstreamBody), so the connection stays usable and is
 * announced so; only a body too large to drain, a client that asked to close, or a server on its
 * way down keep the close.
 */
export function keepConnectionOnEarlyAnswer(raw: IncomingMessage, reply: FastifyReply): void {
  if (raw.complete || !reply.raw.shouldKeepAlive || reply.raw.getHeader('connection') !== undefined) return
  const declared = Number(raw.headers['content-length'])
  if (Number.isFinite(declared) && declared > DRAIN_MAX_BYTES) return
  reply.header('connection', 'keep-alive')
}

/**
 * Called once an answer is sent: a request whose body has not fully arrived (an early answer: the
 * gateway's own 413 or 429, or a service's 401, 403, 415) gets DRAIN_DEADLINE_MS more, whoever
 * reads it (drain below, or Node dropping an unread body), and is then cut off.
 */
export function cutOffSlowRemainder(raw: IncomingMessage): void {
  if (raw.complete) return
  const timer = setTimeout(() => {
    // (An injected request, app.inject in tests, has a socket without destroy.)
    if (!raw.complete && typeof raw.socket?.destroy === 'function') raw.socket.destroy()
  }, DRAIN_DEADLINE_MS)
  timer.unref()
  raw.once('close', () => clearTimeout(timer))
}

/** Reads and drops what is left of a request body, up to DRAIN_MAX_BYTES. */
export function drain(raw: IncomingMessage): void {
  let dropped = 0
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > DRAIN_MAX_BYTES) raw.socket?.destroy()
  })
  raw.resume()
}

/**
 * The stream the gateway hands to the upstream client in place of the client's own request, cut at
 * the route's body limit and at its timeout: a client trickling its body in (slowloris) would
 * otherwise hold an upstream connection for as long as it likes, since undici's timeouts only start
 * once the body is sent.
 *
 * undici destroys the body it was given when the upstream answers before reading all of it (an
 * early 401, 403, 413, 415 or 429). Given the client's request itself, that destroyed the client's
 * socket: a client reusing its keep-alive connection got EPIPE instead of the answer. Here only the
 * copy is destroyed; what the client still sends is drained, so its connection stays usable.
 */
export function upstreamBody(raw: IncomingMessage, limit: number, timeoutMs: number): PassThrough {
  const copy = new PassThrough()
  const timer = setTimeout(() => {
    if (raw.complete || copy.destroyed) return
    tooSlow.add(raw)
    copy.destroy(new Error(`request body not received within ${timeoutMs} ms`))
  }, timeoutMs)
  raw.once('end', () => clearTimeout(timer))
  copy.once('close', () => clearTimeout(timer))
  let received = 0
  raw.on('data', (chunk: Buffer) => {
    received += chunk.length
    if (received > limit && !copy.destroyed) {
      overLimit.add(raw)
      copy.destroy(new Error(`request body over its limit of ${limit} bytes`))
    }
  })
  raw.pipe(copy)
  // The client went away mid-body: the upstream request must end too.
  raw.once('close', () => {
    if (!raw.complete) copy.destroy(new Error('the client closed the request before sending its body'))
  })
  copy.on('close', () => {
    // A slow client is not waited for any longer: its answer closes the connection.
    if (raw.complete || tooSlow.has(raw)) return
    raw.unpipe(copy)
    drain(raw)
  })
  return copy
}
