// @tier unit
// A client that sends its body a byte at a time (slowloris): the gateway cuts it off at the route's
// timeout and frees the upstream connection it was holding, instead of waiting for ever.
import t from 'tap'
import { connect } from 'node:net'
import { createServer } from 'node:http'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { freePort } from '@site/service-kit/testing'

/** Sends a request head, then one body byte every `everyMs`; resolves with what came back (or '' if nothing did within `giveUpMs`). */
function slowClient(port: number, path: string, everyMs: number, giveUpMs: number) {
  return new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    const body = JSON.stringify({ username: 'admin', password: 'correct horse battery staple' })
    let sent = 0
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\nContent-Length: ${body.length}\r\n\r\n`,
      )
    })
    const drip = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!)
    }, everyMs)
    const done = () => {
      clearInterval(drip)
      clearTimeout(giveUp)
      socket.destroy()
      resolve(answer)
    }
    const giveUp = setTimeout(done, giveUpMs)
    socket.on('data', (c) => (answer += c.toString()))
    socket.on('close', done)
    socket.on('error', done)
  })
}

t.test(
  'a body trickling in is cut off at the route timeout with 408, and the upstream request ends',
  async (t) => {
    const upstreamEnded: string[] = []
    const port = await freePort()
    const upstream = createServer((req, res) => {
      req.resume()
      req.on('close', () => upstreamEnded.push(req.complete ? 'complete' : 'aborted'))
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'))
    })
    await new Promise<void>((r) => upstream.listen(port, '127.0.0.1', r))
    t.teardown(() => new Promise<void>((r) => upstream.close(() => r())))
    const app = await buildApp(
      readConfig({ LOG_LEVEL: 'silent', AUTH_URL: `http://127.0.0.1:${port}`, UPSTREAM_TIMEOUT_MS: '1000' }),
    )
    await app.listen({ port: 0, host: '127.0.0.1' })
    t.teardown(() => app.close())
    const gw = (app.server.address() as { port: number }).port

    // 70 bytes at one per 300 ms would take 21 s; the route allows 1 s. Give up waiting after 8 s.
    const answer = await slowClient(gw, '/api/auth/login', 300, 8000)
    t.match(answer, /^HTTP\/1\.1 408 /, 'the gateway answered 408')
    t.match(answer, /"code":"REQUEST_TIMEOUT"/)
    t.match(answer, /connection: close/i, 'and closed the connection')
    t.same(upstreamEnded, ['aborted'], 'the upstream request was ended, not left open')
  },
)

t.test('a request head that never finishes is cut off too (headers timeout)', async (t) => {
  const app = await buildApp(readConfig({ LOG_LEVEL: 'silent', HEADERS_TIMEOUT_MS: '1000' }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => app.close())
  const gw = (app.server.address() as { port: number }).port
  const closed = await new Promise<string>((resolve) => {
    const socket = connect(gw, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'))
    let answer = ''
    const giveUp = setTimeout(() => (socket.destroy(), resolve('still open')), 8000)
    socket.on('data', (c) => (answer += c.toString()))
    socket.on('close', () => (clearTimeout(giveUp), resolve(answer || 'closed')))
  })
  t.match(closed, /408|closed/, 'the connection was closed by the gateway')
})
