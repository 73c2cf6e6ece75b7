// @tier unit
// ETAG_CHECK, the test mode the stacks run in: the compressed copies are shared by tag, so a strong
// ETag that is not the hash of its body would hand one answer's bytes to another. In test mode such
// an answer is a 500, so any test that reads it fails.
import t from 'tap'
import { createServer, type Server } from 'node:http'
import { brotliDecompressSync } from 'node:zlib'
import { etagOf } from '@site/service-kit'
import { freePort } from '@site/service-kit/testing'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'

const body = JSON.stringify({ items: Array.from({ length: 300 }, (_, i) => `Post ${i}`) })
const tags: Record<string, string> = {
  '/api/blog/hashed': etagOf(body),
  '/api/blog/made-up': '"v1"',
  '/api/blog/weak': 'W/"v1"',
}

const port = await freePort()
const upstream: Server = createServer((req, res) => {
  const etag = tags[req.url ?? '']
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...(etag ? { etag } : {}),
  })
  res.end(body)
})
await new Promise<void>((r) => upstream.listen(port, '127.0.0.1', r))
t.teardown(() => new Promise<void>((r) => (upstream.closeAllConnections(), upstream.close(() => r()))))

const gateway = async (check: boolean) => {
  const app = await buildApp(
    readConfig({
      LOG_LEVEL: 'silent',
      BLOG_URL: `http://127.0.0.1:${port}`,
      ...(check ? { ETAG_CHECK: 'true' } : {}),
    }),
  )
  t.teardown(() => app.close())
  return app
}

t.test('in test mode, a strong ETag that is not the hash of its body is a 500', async (t) => {
  const app = await gateway(true)
  for (const encoding of ['br', 'identity']) {
    const hashed = await app.inject({ url: '/api/blog/hashed', headers: { 'accept-encoding': encoding } })
    t.equal(hashed.statusCode, 200, `${encoding}: the hash of the body passes`)
    const bytes = encoding === 'br' ? brotliDecompressSync(hashed.rawPayload) : hashed.rawPayload
    t.equal(bytes.toString(), body, 'with its body intact')
    const madeUp = await app.inject({ url: '/api/blog/made-up', headers: { 'accept-encoding': encoding } })
    t.equal(madeUp.statusCode, 500, `${encoding}: a made-up strong tag fails`)
    t.equal(madeUp.json().code, 'ETAG_MISMATCH')
  }
  t.equal((await app.inject({ url: '/api/blog/weak' })).statusCode, 200, 'weak tags promise nothing')
  t.equal((await app.inject({ url: '/api/blog/none' })).statusCode, 200, 'nor does no tag')
})

t.test('outside test mode the answer passes as it came', async (t) => {
  const app = await gateway(false)
  t.equal((await app.inject({ url: '/api/blog/made-up' })).statusCode, 200)
})
