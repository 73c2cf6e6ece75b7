// @tier unit
// A closing server drains its keep-alive connections (SHUTDOWN_DRAIN_MS): a client that reuses its
// idle connection just after SIGTERM gets its answer, told `Connection: close`, instead of EPIPE or
// ECONNRESET (what the cluster's gateway rollout lost before).
import t from 'tap'
import { connect, type Socket } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import { createService, drainConnections } from '../src/index.js'

const request = 'GET /hello HTTP/1.1\r\nHost: kit\r\nConnection: keep-alive\r\n\r\n'

/** One keep-alive connection: `send` writes a request and resolves with the whole answer head and body, or the socket's error. */
function keepAlive(port: number) {
  const socket: Socket = connect(port, '127.0.0.1')
  let buffer = ''
  let waiting: ((s: string) => void) | undefined
  const settle = (what: string) => {
    const w = waiting
    waiting = undefined
    w?.(what)
  }
  socket.on('data', (c) => {
    buffer += c.toString()
    if (/\r\n\r\n[^]*"hi"/.test(buffer)) {
      const answer = buffer
      buffer = ''
      settle(answer)
    }
  })
  socket.on('error', (err: NodeJS.ErrnoException) => settle(err.code ?? err.message))
  let gone = false
  socket.on('close', () => {
    gone = true
    settle('closed')
  })
  const closed = new Promise<void>((r) => socket.on('close', () => r()))
  // A socket the server already closed loses the request (the client sees EPIPE or a reset).
  const send = () =>
    new Promise<string>((resolve) => {
      if (gone) return resolve('closed before the request')
      waiting = resolve
      socket.write(request, (err) => err && settle(err.message))
    })
  return { send, closed, socket }
}

async function service() {
  const app = await createService({
    name: 'kitdrain',
    config: { LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback' },
    routes: async (app) => {
      app.get('/hello', async () => ({ say: 'hi' }))
    },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, port: (app.server.address() as { port: number }).port }
}

t.test('a connection reused while the server drains gets its answer and is told to close', async (t) => {
  const { app, port } = await service()
  const client = keepAlive(port)
  t.match(
    await client.send(),
    /^HTTP\/1\.1 200[^]*connection: keep-alive/i,
    'first answer keeps the connection',
  )

  const closing = drainConnections(app, 5000).then(() => app.close())
  await delay(100) // the client's next request arrives after SIGTERM, on the same connection
  const second = await client.send()
  t.match(second, /^HTTP\/1\.1 200/, 'answered, not reset')
  t.match(second, /connection: close/i, 'told to open its next connection elsewhere')
  await client.closed
  await closing
  t.ok(app.closing, 'readiness turned false')
})

t.test('without a drain window the same reuse is lost (why the manifests set one)', async (t) => {
  const { app, port } = await service()
  const client = keepAlive(port)
  t.match(await client.send(), /^HTTP\/1\.1 200/)
  const closing = drainConnections(app, 0).then(() => app.close())
  await delay(100)
  const second = await client.send()
  t.notMatch(second, /^HTTP\/1\.1 200/, `lost: ${second.slice(0, 40)}`)
  client.socket.destroy()
  await closing
})
