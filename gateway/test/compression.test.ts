// @tier unit
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

/** What /api/blog/versioned answers: a test changes it as an admin's edit would. */
interface Versioned {
  body: string
  etag?: string
  cacheControl?: string
  setCookie?: string
}

/** One upstream playing blog (JSON with ETag and Vary: Cookie) and web (HTML, precompressed JS). */
async function upstream() {
  const seen: IncomingHttpHeaders[] = []
  const versioned: Versioned = { body: bigJson, etag: '"v1"' }
  const port = await freePort()
  const server: Server = createServer((req, res) => {
    seen.push(req.headers)
    const url = req.url ?? '/'
    if (url.startsWith('/api/blog/versioned'))
      return res
        .writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(versioned.body),
          ...(versioned.etag ? { etag: versioned.etag } : {}),
          ...(versioned.cacheControl ? { 'cache-control': versioned.cacheControl } : {}),
          ...(versioned.setCookie ? { 'set-cookie': versioned.setCookie } : {}),
        })
        .end(versioned.body)
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
    versioned,
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

/** The gateway's count of compressed answers served from a kept copy (hit) or compressed (miss). */
async function copies(app: Awaited<ReturnType<typeof buildApp>>) {
  const metric = app.metrics.getSingleMetric('gateway_compressed_copies_total')
  const values = (await metric!.get()).values
  const count = (result: string) => values.find((v) => v.labels.result === result)?.value ?? 0
  return { hit: count('hit'), miss: count('miss') }
}

t.test('an unchanged answer is compressed once; an edit (a new tag) is compressed afresh', async (t) => {
  const { app, up } = await gateway(t)
  const get = (encoding: string) =>
    app.inject({ url: '/api/blog/versioned?page=1', headers: { 'accept-encoding': encoding } })

  const first = await get('br')
  t.equal(brotliDecompressSync(first.rawPayload).toString(), bigJson)
  t.same(await copies(app), { hit: 0, miss: 1 })
  const asked = up.seen.length
  const second = await get('br')
  t.equal(up.seen.length, asked + 1, 'the upstream is still asked: it decides what is current')
  t.same(await copies(app), { hit: 1, miss: 1 }, 'the second answer is the kept copy')
  t.same(second.rawPayload, first.rawPayload, 'byte for byte')
  t.equal(second.headers.etag, '"v1-br"')
  t.equal(Number(second.headers['content-length']), second.rawPayload.length)

  const gz = await get('gzip')
  t.equal(gunzipSync(gz.rawPayload).toString(), bigJson)
  t.same(await copies(app), { hit: 1, miss: 2 }, 'gzip is a copy of its own')

  const edited = JSON.stringify({ edited: true, items: JSON.parse(bigJson).slice(1) })
  Object.assign(up.versioned, { body: edited, etag: '"v2"' })
  const after = await get('br')
  t.equal(brotliDecompressSync(after.rawPayload).toString(), edited, 'the edit, not the kept copy')
  t.equal(after.headers.etag, '"v2-br"')
  t.same(await copies(app), { hit: 1, miss: 3 })

  // The tag is the body's hash: every URL answering it shares one copy, so variants cannot multiply.
  for (const page of [2, 3, 4]) {
    const other = await app.inject({
      url: `/api/blog/versioned?page=${page}`,
      headers: { 'accept-encoding': 'br' },
    })
    t.equal(brotliDecompressSync(other.rawPayload).toString(), edited)
  }
  t.same(await copies(app), { hit: 4, miss: 3 }, 'other URLs with the same tag are served the kept copy')
})

t.test('no copy is kept for a URL longer than a few hundred bytes', async (t) => {
  const { app } = await gateway(t)
  const long = `/api/blog/versioned?pad=${'x'.repeat(600)}`
  for (let i = 0; i < 2; i++) {
    const res = await app.inject({ url: long, headers: { 'accept-encoding': 'br' } })
    t.equal(brotliDecompressSync(res.rawPayload).toString(), bigJson, 'still compressed')
  }
  t.same(await copies(app), { hit: 0, miss: 2 }, 'compressed each time, never kept')
})

t.test('answers without a strong tag, or marked no-store, are compressed every time', async (t) => {
  const { app, up } = await gateway(t)
  const twice = async () => {
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ url: '/api/blog/versioned', headers: { 'accept-encoding': 'br' } })
      t.equal(brotliDecompressSync(res.rawPayload).toString(), up.versioned.body)
    }
  }
  for (const [what, change] of [
    ['no ETag', { etag: undefined }],
    ['a weak ETag', { etag: 'W/"v1"' }],
    ['no-store', { etag: '"v1"', cacheControl: 'private, no-store' }],
  ] as const) {
    Object.assign(up.versioned, change)
    const before = await copies(app)
    await twice()
    t.same(await copies(app), { hit: before.hit, miss: before.miss + 2 }, `${what}: never from a copy`)
  }
})

t.test('private answers are never kept, nor served a kept copy', async (t) => {
  const { app, up } = await gateway(t)
  const cases: [string, Partial<Versioned>, Record<string, string>][] = [
    ['an answer with Set-Cookie', { setCookie: 'sid=s%3Aabc; HttpOnly' }, {}],
    ['an answer marked private', { cacheControl: 'private, max-age=0' }, {}],
    ['a request with Authorization', {}, { authorization: 'Bearer abc' }],
    ['a request with the session cookie', {}, { cookie: 'theme=dark; sid=s%3Aabc' }],
  ]
  for (const [what, change, headers] of cases) {
    Object.assign(up.versioned, { etag: '"v1"', cacheControl: undefined, setCookie: undefined }, change)
    const before = await copies(app)
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        url: '/api/blog/versioned',
        headers: { 'accept-encoding': 'br', ...headers },
      })
      t.equal(brotliDecompressSync(res.rawPayload).toString(), up.versioned.body)
    }
    t.same(await copies(app), { hit: before.hit, miss: before.miss + 2 }, `${what}: compressed each time`)
  }
  Object.assign(up.versioned, { setCookie: undefined, cacheControl: 'public, max-age=0' })
  for (const cookie of ['theme=dark', 'theme=dark', 'sid=s%3Aabc']) {
    await app.inject({ url: '/api/blog/versioned', headers: { 'accept-encoding': 'br', cookie } })
  }
  t.same(
    await copies(app),
    { hit: 1, miss: 10 },
    'a public answer to a request without a session is kept; a session never gets the copy',
  )
})
