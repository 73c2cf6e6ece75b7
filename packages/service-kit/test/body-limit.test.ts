// @tier unit
// A service refusing a body over its limit: 413 in the API's words, and the caller's keep-alive
// connection (the gateway's, in production) survives, so the caller reads the answer instead of EPIPE.
import t from 'tap'
import { Agent, request, type IncomingMessage } from 'node:http'
import { createService, BODY_LIMITS } from '../src/index.js'

const app = await createService({
  name: 'kitbody',
  config: { LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback' },
  routes: async (app) => {
    app.post('/echo', async (req) => ({ size: JSON.stringify(req.body).length }))
    app.post('/big', { bodyLimit: 3 * 1024 * 1024 }, async (req) => ({
      size: JSON.stringify(req.body).length,
    }))
  },
})
await app.listen({ port: 0, host: '127.0.0.1' })
t.teardown(() => app.close())
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`

/** One request on the given keep-alive agent; resolves with the answer, or the socket error. */
function post(agent: Agent, body: string, chunked: boolean) {
  return new Promise<{ res: IncomingMessage; text: string; socket: unknown }>((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (!chunked) headers['content-length'] = String(Buffer.byteLength(body))
    const req = request(`${base}/echo`, { method: 'POST', agent, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (c: string) => (text += c))
      res.on('end', () => resolve({ res, text, socket: req.socket }))
    })
    req.on('error', reject)
    // Written in pieces, as a proxy forwards it; without Content-Length the service has to count.
    let offset = 0
    const next = () => {
      while (offset < body.length) {
        const piece = body.slice(offset, (offset += 65536))
        if (!req.write(piece)) return void req.once('drain', next)
      }
      req.end()
    }
    next()
  })
}

t.test('over the limit: 413 with the message, the connection kept, every time', async (t) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  t.teardown(() => agent.destroy())
  const body = JSON.stringify({ text: 'x'.repeat(2 * BODY_LIMITS.default) })
  const sockets = new Set<unknown>()
  for (let i = 0; i < 8; i++) {
    const chunked = i % 2 === 1
    const answer = await post(agent, body, chunked).catch((e: Error) => e)
    if (answer instanceof Error) {
      t.fail(`try ${i} (${chunked ? 'chunked' : 'with length'}): ${answer.message}`)
      continue
    }
    sockets.add(answer.socket)
    t.equal(answer.res.statusCode, 413, `try ${i}`)
    t.not(answer.res.headers.connection, 'close', 'the connection is kept (the rest of the body is drained)')
    t.same(JSON.parse(answer.text), {
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request is too large: it must be smaller than 1 MB.',
      code: 'BODY_TOO_LARGE',
    })
  }
  const ok = await post(agent, '{"a":1}', false)
  t.equal(ok.res.statusCode, 200, 'and the next request on it succeeds')
  sockets.add(ok.socket)
  t.equal(sockets.size, 1, 'all on one connection')
})

t.test('a route with a larger limit names its own', async (t) => {
  const res = await app.inject({
    method: 'POST',
    url: '/big',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ t: 'x'.repeat(4 * 1024 * 1024) }),
  })
  t.equal(res.statusCode, 413)
  t.equal(res.json().message, 'The request is too large: it must be smaller than 3 MB.')
  const fits = await app.inject({
    method: 'POST',
    url: '/big',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ t: 'x'.repeat(2 * 1024 * 1024) }),
  })
  t.equal(fits.statusCode, 200)
})
