// @tier unit
// After an early answer the gateway reads and drops the rest of the body so the client's keep-alive
// connection stays usable, but only for a few seconds: a client that announces 16 MB and sends a
// byte a second must not hold its connection for Node's whole request timeout (130 s).
import t from 'tap'
import { connect } from 'node:net'
import { createServer, type Server } from 'node:http'
import { freePort } from '@site/service-kit/testing'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { DRAIN_DEADLINE_MS } from '../src/plugins/request-body.js'

// A service that refuses at once, without reading the body (the blog's 401 to a request without a session).
const port = await freePort()
const upstream: Server = createServer((_req, res) => {
  res.writeHead(401, { 'content-type': 'application/json' }).end('{"statusCode":401}')
})
await new Promise<void>((r) => upstream.listen(port, '127.0.0.1', r))
t.teardown(() => new Promise<void>((r) => (upstream.closeAllConnections(), upstream.close(() => r()))))

const app = await buildApp(
  readConfig({ LOG_LEVEL: 'silent', BLOG_URL: `http://127.0.0.1:${port}`, RATE_LIMIT_PER_MINUTE: '1' }),
)
await app.listen({ port: 0, host: '127.0.0.1' })
t.teardown(() => app.close())
const gw = (app.server.address() as { port: number }).port

/** Announces 16,000,000 bytes, sends one a second; resolves with the answer and how long the connection lasted. */
function trickle(path: string, giveUpMs: number) {
  return new Promise<{ answer: string; openMs: number; closedByServer: boolean }>((resolve) => {
    const started = Date.now()
    const socket = connect(gw, '127.0.0.1')
    let answer = ''
    socket.on('connect', () =>
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 16000000\r\n\r\n{`,
      ),
    )
    const drip = setInterval(() => socket.writable && socket.write(' '), 1000)
    const done = (closedByServer: boolean) => {
      clearInterval(drip)
      clearTimeout(giveUp)
      socket.destroy()
      resolve({ answer, openMs: Date.now() - started, closedByServer })
    }
    const giveUp = setTimeout(() => done(false), giveUpMs)
    socket.on('data', (c) => (answer += c.toString()))
    socket.on('close', () => done(true))
    socket.on('error', () => done(true))
  })
}

t.test('the rest of a body is drained for a few seconds at most', async (t) => {
  const limit = DRAIN_DEADLINE_MS + 5000
  // The first write of the minute uses the budget; the next is the gateway's own 429.
  const [proxied, limited] = await Promise.all([
    trickle('/api/blog', limit + 5000),
    new Promise((r) => setTimeout(r, 200)).then(() => trickle('/api/blog/1', limit + 5000)),
  ])
  for (const [what, r, status] of [
    ["the service's early 401", proxied, 401],
    ["the gateway's own 429", limited, 429],
  ] as const) {
    t.match(r.answer, new RegExp(`^HTTP/1\\.1 ${status} `), `${what}: answered at once`)
    t.ok(r.closedByServer, `${what}: then the gateway closed the connection`)
    t.ok(r.openMs < limit, `${what}: after ${r.openMs} ms (deadline ${DRAIN_DEADLINE_MS} ms)`)
  }
})
