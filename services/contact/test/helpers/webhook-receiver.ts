import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the receiver got, and the status it answered. */
export interface Delivery {
  headers: IncomingHttpHeaders
  raw: string
  status: number
}

/**
 * A real HTTP webhook receiver on this machine: answers `statuses` in turn (200 after them) and
 * records every delivery with its raw body.
 */
export async function startReceiver(statuses: number[], path = '/hooks/contact') {
  const got: Delivery[] = []
  const server = createServer((req, res) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (raw += c))
    req.on('end', () => {
      const status = statuses[got.length] ?? 200
      got.push({ headers: req.headers, raw, status })
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'boom')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${path}`,
    got,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  }
}

/** How a receiver checks `X-Site-Signature`: the HMAC over "<t>.<raw body>", compared in constant time. */
export function verifySignature(header: unknown, raw: string, secret: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(typeof header === 'string' ? header : '')
  if (!m) return false
  const expected = createHmac('sha256', secret).update(`${m[1]}.${raw}`).digest()
  return timingSafeEqual(expected, Buffer.from(m[2]!, 'hex'))
}
