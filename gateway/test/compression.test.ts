// Compression at the gateway: big JSON/HTML answers go out br or gzip as the client
// accepts, with suffixed ETags, Vary: Accept-Encoding, working 304s, and precompressed static files
// passed through untouched.
import t, { type Test } from 'tap'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { negotiate } from '../src/plugins/compression.js'
import { freePort } from '@site/service-kit/testing'

const bigJson = JSON.stringify(
  Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Post ${i}`, excerpt: 'An MVP in five days.' })),
)
const bigHtml = `<!doctype html><html><body>${'<p>AI-driven development for small teams.</p>'.repeat(100)}</body></html>`
const ETAG = '"list-v1"'

/** One upstream playing blog (JSON with ETag and Vary: Cookie) and web (HTML, precompressed JS). */
async function upstream() {
  const seen: IncomingHttpHeaders[] = []
  const port = await freePort()
  const server: Server = createServer((req, res) => {
    seen.push(req.headers)
    const url = req.url ?? '/'
    // Services (Fastify) send a Content-Length with every JSON answer; the gateway sizes by it.
    if (url.startsWith('/api/blog/small'))
      return res
        .writeHead(200, { 'content-type': 'application/json', 'content-length': 11 })
        .end('{"ok":true}')
    if (url.startsWith('/api/blog/events'))
      return res.writeHead(200, { 'content-type': 'text/event-stream' }).end(`data: ${'x'.repeat(2000)}\n\n`)
    if (url.startsWith('/api/blog')) {
      if (req.headers['if-none-match'] === ETAG)
        return res.writeHead(304, { etag: ETAG, vary: 'Cookie' }).end()
      return res
        .writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          etag: ETAG,
          vary: 'Cookie',
          'content-length': Buffer.byteLength(bigJson),
        })
        .end(bigJson)
    }
    if (url.startsWith('/assets/app.js')) {
      const br = brotliCompressSync('console.log("app");'.repeat(200))
      return res
        .writeHead(200, {
          'content-type': 'text/javascript',
          'content-encoding': 'br',
          'content-length': br.length,
          vary: 'Accept-Encoding',
        })
        .end(br)
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(bigHtml)
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

async function gateway(t: Test) {
  const up = await upstream()
  t.teardown(() => up.close())
  const app = await buildApp(readConfig({ LOG_LEVEL: 'silent', BLOG_URL: up.url, WEB_URL: up.url }))
  t.teardown(() => app.close())
  return { app, up }
}

t.test('negotiate: br before gzip, q=0 refuses, * counts', async (t) => {
  t.equal(negotiate('gzip, deflate, br'), 'br')
  t.equal(negotiate('gzip'), 'gzip')
  t.equal(negotiate('br;q=0, gzip;q=0.5'), 'gzip')
  t.equal(negotiate('*'), 'br')
  t.equal(negotiate('*;q=0'), null)
  t.equal(negotiate('identity'), null)
  t.equal(negotiate(undefined), null)
})

t.test('a big JSON answer goes out br or gzip, with a suffixed ETag and Vary merged', async (t) => {
  const { app } = await gateway(t)

  const br = await app.inject({ url: '/api/blog?published=true', headers: { 'accept-encoding': 'gzip, br' } })
  t.equal(br.statusCode, 200)
  t.equal(br.headers['content-encoding'], 'br')
  t.equal(brotliDecompressSync(br.rawPayload).toString(), bigJson, 'the body is the upstream JSON')
  t.ok(
    br.rawPayload.length < bigJson.length / 3,
    `compressed (${br.rawPayload.length} of ${bigJson.length} bytes)`,
  )
  t.equal(br.headers.etag, '"list-v1-br"', 'another representation, another strong ETag')
  t.equal(br.headers.vary, 'Cookie, Accept-Encoding', "the upstream's Vary is kept")
  t.notOk(
    br.headers['content-length'] && Number(br.headers['content-length']) === bigJson.length,
    'no stale Content-Length',
  )

  const gz = await app.inject({ url: '/api/blog?published=true', headers: { 'accept-encoding': 'gzip' } })
  t.equal(gz.headers['content-encoding'], 'gzip')
  t.equal(gunzipSync(gz.rawPayload).toString(), bigJson)
  t.equal(gz.headers.etag, '"list-v1-gzip"')

  const plain = await app.inject({ url: '/api/blog?published=true' })
  t.notOk(plain.headers['content-encoding'], 'no Accept-Encoding: identity')
  t.equal(plain.body, bigJson)
  t.equal(plain.headers.etag, ETAG, 'the identity answer keeps the upstream ETag')
  t.equal(plain.headers.vary, 'Cookie, Accept-Encoding', 'and still says it varies')
})

t.test('304 still works with the suffixed ETag', async (t) => {
  const { app, up } = await gateway(t)
  const first = await app.inject({ url: '/api/blog?published=true', headers: { 'accept-encoding': 'br' } })
  const again = await app.inject({
    url: '/api/blog?published=true',
    headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
  })
  t.equal(up.seen.at(-1)!['if-none-match'], ETAG, 'the upstream sees its own tag')
  t.equal(again.statusCode, 304)
  t.equal(again.headers.etag, '"list-v1-br"', 'the 304 names the representation the client holds')
  t.equal(again.rawPayload.length, 0)

  const plain = await app.inject({ url: '/api/blog?published=true', headers: { 'if-none-match': ETAG } })
  t.equal(plain.statusCode, 304, 'an unsuffixed tag passes through as is')
  t.equal(plain.headers.etag, ETAG)
})

t.test(
  'HTML from the web app is compressed; precompressed assets, small answers and event streams are not',
  async (t) => {
    const { app } = await gateway(t)
    const html = await app.inject({ url: '/blog', headers: { 'accept-encoding': 'br' } })
    t.equal(html.headers['content-encoding'], 'br')
    t.equal(brotliDecompressSync(html.rawPayload).toString(), bigHtml)

    const js = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br' } })
    t.equal(js.headers['content-encoding'], 'br')
    t.equal(
      brotliDecompressSync(js.rawPayload).toString(),
      'console.log("app");'.repeat(200),
      'compressed once, not twice',
    )
    t.equal(js.headers.vary, 'Accept-Encoding', 'Vary not repeated')

    const small = await app.inject({ url: '/api/blog/small', headers: { 'accept-encoding': 'br' } })
    t.notOk(small.headers['content-encoding'], 'under 1 KB: not worth it')
    t.equal(small.body, '{"ok":true}')

    const events = await app.inject({ url: '/api/blog/events', headers: { 'accept-encoding': 'br' } })
    t.notOk(events.headers['content-encoding'], 'event streams stay uncompressed')

    const head = await app.inject({
      method: 'HEAD',
      url: '/api/blog?published=true',
      headers: { 'accept-encoding': 'br' },
    })
    t.equal(head.statusCode, 200)
    t.notOk(head.headers['content-encoding'], 'HEAD is answered as is')
  },
)
