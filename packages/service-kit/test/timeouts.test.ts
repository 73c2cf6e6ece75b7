// @tier unit
// Every service cuts off a client that trickles its request in (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS).
import t from 'tap'
import { connect } from 'node:net'
import { createService } from '../src/index.js'

/** Writes `head`, then one byte of `body` every 300 ms; resolves with the answer when the server closes (or 'still open' after 8 s). */
function trickle(port: number, head: string, body: string) {
  return new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head))
    let answer = ''
    let sent = 0
    const drip = setInterval(
      () => sent < body.length && !socket.destroyed && socket.write(body[sent++]!),
      300,
    )
    const finish = (what: string) => {
      clearInterval(drip)
      clearTimeout(giveUp)
      socket.destroy()
      resolve(what)
    }
    const giveUp = setTimeout(() => finish('still open'), 8000)
    socket.on('data', (c) => (answer += c.toString()))
    socket.on('close', () => finish(answer || 'closed'))
    socket.on('error', () => finish(answer || 'closed'))
  })
}

t.test('a slow body and a slow head are both cut off', async (t) => {
  const app = await createService({
    name: 'kittimeout',
    config: {
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'loopback',
      REQUEST_TIMEOUT_MS: 1500,
      HEADERS_TIMEOUT_MS: 1000,
    },
    routes: async (app) => {
      app.post('/echo', async (req) => req.body)
    },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => app.close())
  const port = (app.server.address() as { port: number }).port
  const body = JSON.stringify({ text: 'x'.repeat(60) })
  const slowBody = await trickle(
    port,
    `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    body,
  )
  t.match(slowBody, /^HTTP\/1\.1 408 /, 'a body still arriving after REQUEST_TIMEOUT_MS: 408 and closed')
  const slowHead = await trickle(
    port,
    'GET /livez HTTP/1.1\r\n',
    'Host: x\r\nAccept: */*\r\nX-Slow: yes\r\n\r\n',
  )
  t.match(slowHead, /^HTTP\/1\.1 408 |^closed$/, 'a head still arriving after HEADERS_TIMEOUT_MS: closed')
})
