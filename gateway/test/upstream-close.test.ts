// @tier unit
// An upstream that stops reading a request body half-way (it refused it, or it died): the gateway
// passes on the answer it got, or says 502, never 500 and never "temporarily unavailable".
import t from 'tap'
import { createServer } from 'node:http'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { freePort } from '@site/service-kit/testing'

const port = await freePort()
const upstream = createServer((req, res) => {
  // Read one chunk, then stop: refuse with an answer, or just drop the connection.
  req.once('data', () => {
    if (req.url === '/api/blog/refuse') {
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' })
      res.end(
        JSON.stringify({
          statusCode: 413,
          error: 'Payload Too Large',
          message: 'Request body is too large.',
        }),
        () => req.socket.destroy(),
      )
    } else {
      req.socket.destroy()
    }
  })
})
await new Promise<void>((r) => upstream.listen(port, '127.0.0.1', r))
t.teardown(() => new Promise<void>((r) => upstream.close(() => r())))

const app = await buildApp(
  readConfig({ LOG_LEVEL: 'silent', BLOG_URL: `http://127.0.0.1:${port}`, RATE_LIMIT_PER_MINUTE: '1000' }),
)
await app.listen({ port: 0, host: '127.0.0.1' })
t.teardown(() => app.close())
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
// The blog's post routes take bodies up to 20 MiB: 8 MiB is still on its way when the upstream stops.
const big = () => JSON.stringify({ message: 'x'.repeat(8 * 1024 * 1024) })

t.test('the upstream answered and closed while the body was still coming: its answer, or 502', async (t) => {
  // Whether the answer is read before the write fails is a race on the upstream connection; either
  // outcome is honest, a 500 or a "temporarily unavailable" is not.
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${base}/api/blog/refuse`, {
      method: 'POST',
      body: big(),
      headers: { 'content-type': 'application/json' },
    }).catch((e: Error) => e)
    if (res instanceof Error) {
      t.fail(`request ${i} failed: ${res.message}`)
      continue
    }
    const body = (await res.json()) as { message: string }
    if (res.status === 413)
      t.equal(body.message, 'Request body is too large.', `try ${i}: the upstream's answer`)
    else t.equal(res.status, 502, `try ${i}: no answer was read, 502`)
  }
})

t.test('the upstream dropped the connection without an answer: 502, not 500 or 503', async (t) => {
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${base}/api/blog/drop`, {
      method: 'POST',
      body: big(),
      headers: { 'content-type': 'application/json' },
    }).catch((e: Error) => e)
    if (res instanceof Error) {
      t.fail(`request ${i} failed: ${res.message}`)
      continue
    }
    t.equal(res.status, 502, `try ${i}`)
    t.match(await res.json(), { statusCode: 502, code: 'UPSTREAM_FAILED' })
  }
})
