// @tier unit
// What an entry is kept under and carries (issue 42, item 4), from outside: the query parameters of
// every public read that depends on one, the encoding as the static file server would pick it (the
// real @fastify/static with precompressed copies), one spelling per page (others are a 301), no
// client's rate-limit headers, and a request id on every answer, hits included.
import t, { type Test } from 'tap'
import Fastify from 'fastify'
import fastifyStatic from '@fastify/static'
import { createServer, type Server } from 'node:http'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { freePort } from '@site/service-kit/testing'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'

const SHARED = 'public, max-age=0, s-maxage=300'
const SCRIPT = `console.log(${JSON.stringify('a hashed asset '.repeat(200))})\n`

/** The services' public reads: the answer names the query it was asked with. */
async function api(t: Test) {
  const hits = new Map<string, number>()
  const port = await freePort()
  const server: Server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1)
    res
      .writeHead(200, { 'content-type': 'application/json', 'cache-control': SHARED })
      .end(JSON.stringify({ asked: req.url }))
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  t.teardown(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  )
  return { url: `http://127.0.0.1:${port}`, count: (path: string) => hits.get(path) ?? 0 }
}

/** The web server's static files as it serves them: @fastify/static, precompressed copies beside them. */
async function web(t: Test) {
  const dir = mkdtempSync(join(tmpdir(), 'gw-keys-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(join(dir, 'assets'))
  const file = join(dir, 'assets', 'app-Bx1.js')
  writeFileSync(file, SCRIPT)
  writeFileSync(`${file}.br`, brotliCompressSync(SCRIPT))
  writeFileSync(`${file}.gz`, gzipSync(SCRIPT))
  const server = Fastify()
  await server.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    preCompressed: true,
    setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
  })
  server.get('/*', async (request, reply) =>
    reply.header('cache-control', SHARED).type('text/html').send(`<p>${request.url}</p>`),
  )
  await server.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => server.close())
  const { port } = server.server.address() as { port: number }
  return `http://127.0.0.1:${port}`
}

async function gateway(t: Test) {
  const services = await api(t)
  const app = await buildApp(
    readConfig({
      LOG_LEVEL: 'silent',
      WEB_URL: await web(t),
      BLOG_URL: services.url,
      CONTENT_URL: services.url,
    }),
  )
  t.teardown(() => app.close())
  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '10.3.3.3') =>
    app.inject({ method: 'GET', url, remoteAddress, headers: { 'accept-encoding': 'identity', ...headers } })
  return { app, services, get }
}

t.test('the image reads are keyed by their src', async (t) => {
  const { get } = await gateway(t)
  for (const path of ['/api/blog/images', '/api/content/images']) {
    t.equal((await get(`${path}?src=/a.jpg`)).json().asked, `${path}?src=/a.jpg`)
    const b = await get(`${path}?src=/b.jpg`)
    t.equal(b.json().asked, `${path}?src=/b.jpg`, `${path}: another src is another entry`)
    t.match((await get(`${path}?src=/a.jpg&utm=1`)).headers['cache-status'], /^gateway; hit/)
  }
})

t.test('Accept-Encoding is parsed as the static server parses it; no body under another key', async (t) => {
  const { get } = await gateway(t)
  const asset = '/assets/app-Bx1.js'
  const spaced = await get(asset, { 'accept-encoding': 'br ;q=1' })
  t.equal(spaced.headers['content-encoding'], 'br', '`br ;q=1` accepts br')
  const plain = await get(asset)
  t.equal(plain.headers['content-encoding'], undefined, 'identity: no brotli body')
  t.equal(plain.body, SCRIPT)
  const refused = await get(asset, { 'accept-encoding': 'br;q=0, gzip ; q=0.5' })
  t.equal(refused.headers['content-encoding'], 'gzip', 'br refused with q=0, gzip accepted')
  const none = await get(asset, { 'accept-encoding': 'br; q=0 ,gzip;q=0' })
  t.equal(none.headers['content-encoding'], undefined)
  t.equal(none.body, SCRIPT)
  const again = await get(asset, { 'accept-encoding': ' BR ; Q=0.9 ' })
  t.equal(again.headers['content-encoding'], 'br')
  t.match(again.headers['cache-status'], /^gateway; hit/, 'the br entry')
  t.equal((await get(asset)).body, SCRIPT, 'and the identity entry is still the plain file')
})

t.test('other spellings of a page are a 301 to the canonical one, not entries of their own', async (t) => {
  const { get } = await gateway(t)
  const cases: [string, string][] = [
    ['/blog/?page=2', '/blog?page=2'],
    ['/Blog?page=2', '/blog?page=2'],
    ['//blog', '/blog'],
    ['/EN/Blog/My-Post/', '/en/blog/My-Post'],
    ['/Preview/Blog/AbC_tok', '/preview/blog/AbC_tok'],
  ]
  for (const [from, to] of cases) {
    const answer = await get(from)
    t.equal(answer.statusCode, 301, from)
    t.equal(answer.headers.location, to, from)
  }
  for (const path of ['/blog?page=2', '/', '/assets/app-Bx1.js', '/blog/My-Post'])
    t.equal((await get(path)).statusCode, 200, `${path}: canonical as it is`)
})

t.test("a kept answer never carries one client's rate-limit headers", async (t) => {
  const { get } = await gateway(t)
  const first = await get('/api/blog?page=1', {}, '10.4.4.4')
  t.ok(first.headers['x-ratelimit-remaining'], 'the client that asked gets its own budget')
  const other = await get('/api/blog?page=1', {}, '10.5.5.5')
  t.match(other.headers['cache-status'], /^gateway; hit/)
  t.notOk(
    Object.keys(other.headers).some((name) => name.startsWith('x-ratelimit-')),
    "another client does not see the first one's",
  )
})

t.test('every answer carries x-request-id, hits included', async (t) => {
  const { app, get } = await gateway(t)
  const miss = await get('/guide')
  t.ok(miss.headers['x-request-id'])
  const hit = await get('/guide')
  t.match(hit.headers['cache-status'], /^gateway; hit/)
  t.match(hit.headers['x-request-id'], /^[\w.:-]{8,}$/, 'a hit through Fastify')
  t.not(hit.headers['x-request-id'], miss.headers['x-request-id'], 'its own')
  t.equal((await get('/guide', { 'x-request-id': 'trace-me-1234' })).headers['x-request-id'], 'trace-me-1234')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const early = await fetch(`http://127.0.0.1:${port}/guide`, {
    headers: { 'x-request-id': 'early-hit-42', 'accept-encoding': 'identity' },
  })
  await early.arrayBuffer()
  t.match(early.headers.get('cache-status'), /^gateway; hit/)
  t.equal(early.headers.get('x-request-id'), 'early-hit-42', 'a hit written before Fastify')
  const plain = await fetch(`http://127.0.0.1:${port}/guide`, { headers: { 'accept-encoding': 'identity' } })
  await plain.arrayBuffer()
  t.match(plain.headers.get('x-request-id'), /^[0-9a-f-]{36}$/)
})
