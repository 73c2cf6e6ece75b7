// @tier unit
// The gateway's shared cache against a counting upstream: what is kept (shareable answers only),
// the key (declared query parameters, encoding), bypass with a session or Authorization, byte ranges,
// Cache-Status and Age, 304s from the store, coalescing, purges by surrogate key, and
// stale-if-error when the upstream fails.
import t, { type Test } from 'tap'
import { createServer, type Server } from 'node:http'
import { brotliDecompressSync } from 'node:zlib'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { freePort } from '@site/service-kit/testing'

const SHARED = 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400'
const FILE = Buffer.from('%PDF-1.4 ' + 'abcdefghijklmnopqrstuvwxyz'.repeat(4))
const page = (n: number) => `<!doctype html><p>${'Version '.repeat(300)}${n}</p>`

/** One upstream playing the web server: counts fetches per path, answers slowly when told to. */
async function upstream() {
  const hits = new Map<string, number>()
  // answered: how many answers the upstream has sent (what "without waiting for it" is judged by)
  const state = { version: 1, delayMs: 0, fail: false, cacheControl: SHARED, setCookie: false, answered: 0 }
  const port = await freePort()
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/'
    hits.set(url, (hits.get(url) ?? 0) + 1)
    const answer = () => {
      state.answered++
      if (state.fail) return res.writeHead(503, { 'content-type': 'text/plain' }).end('down')
      if (url.startsWith('/file')) {
        // A stored file, as the content service sends one: it offers byte ranges.
        const head = {
          'content-type': 'application/pdf',
          'cache-control': SHARED,
          'accept-ranges': 'bytes',
          etag: '"f1"',
          'surrogate-key': 'media:f',
        }
        const asked = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''))
        if (!asked) return res.writeHead(200, head).end(FILE)
        const [start, end] = [Number(asked[1]), Number(asked[2])]
        return res
          .writeHead(206, { ...head, 'content-range': `bytes ${start}-${end}/${FILE.length}` })
          .end(FILE.subarray(start, end + 1))
      }
      if (url.startsWith('/old'))
        return res
          .writeHead(301, {
            location: `/new${url.slice(4)}`,
            'cache-control': SHARED,
            'surrogate-key': 'post:1',
          })
          .end()
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': url.startsWith('/private') ? 'private, no-store' : state.cacheControl,
        'surrogate-key': url.startsWith('/blog/') ? 'post:1 web' : 'posts web',
        vary: 'Cookie',
        etag: `"v${state.version}"`,
        ...(state.setCookie ? { 'set-cookie': 'a=b' } : {}),
      })
      res.end(page(state.version))
    }
    if (state.delayMs) setTimeout(answer, state.delayMs)
    else answer()
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    state,
    count: (path: string) => hits.get(path) ?? 0,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

async function gateway(t: Test, env: Record<string, string> = {}) {
  const up = await upstream()
  t.teardown(() => up.close())
  const app = await buildApp(
    readConfig({ LOG_LEVEL: 'silent', WEB_URL: up.url, PAGE_TIMEOUT_MS: '300', ...env }),
  )
  t.teardown(() => app.close())
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } })
  return { app, up, get }
}

t.test(
  'a shareable answer is kept and served without asking the upstream, with Age and Cache-Status',
  async (t) => {
    const { up, get, app } = await gateway(t)
    const first = await get('/blog')
    t.equal(first.statusCode, 200)
    t.match(first.headers['cache-status'], /^gateway; fwd=uri-miss; fwd-status=200; stored/)
    t.equal(first.headers.age, '0')
    const second = await get('/blog')
    t.equal(second.statusCode, 200)
    t.equal(second.body, first.body)
    t.match(second.headers['cache-status'], /^gateway; hit; ttl=\d+/)
    t.match(second.headers.age, /^\d+$/)
    t.ok(second.headers['content-security-policy'], 'the security headers were kept with it')
    t.equal(second.headers['surrogate-key'], 'posts web', 'a CDN in front can purge by the same keys')
    t.equal(up.count('/blog'), 1, 'one upstream fetch')
    const head = await app.inject({
      method: 'HEAD',
      url: '/blog',
      headers: { 'accept-encoding': 'identity' },
    })
    t.equal(head.statusCode, 200)
    t.equal(head.body, '')
    t.equal(up.count('/blog'), 1, 'HEAD is answered from the GET')
    // A conditional request for the kept tag: 304 from the store.
    const again = await get('/blog', { 'if-none-match': first.headers.etag as string })
    t.equal(again.statusCode, 304)
    t.equal(again.body, '')
    t.equal(up.count('/blog'), 1)
    const metrics = await app.metrics.getSingleMetricAsString('gateway_cache_requests_total')
    t.match(metrics, /result="hit",service="gateway"} [1-9]/)
  },
)

t.test('a browser is not given the stale windows; a CDN gets them in CDN-Cache-Control', async (t) => {
  // Chromium honours stale-while-revalidate: with it, an admin saw the list from before their edit.
  const { get } = await gateway(t)
  const signedIn = await get('/blog', { cookie: 'sid=abc' })
  const miss = await get('/blog')
  const hit = await get('/blog')
  for (const [name, answer] of [
    ['bypass', signedIn],
    ['miss', miss],
    ['hit', hit],
  ] as const) {
    t.equal(answer.headers['cache-control'], 'public, max-age=0, s-maxage=300', name)
    t.equal(
      answer.headers['cdn-cache-control'],
      'max-age=300, stale-while-revalidate=3600, stale-if-error=86400',
      name,
    )
  }
  t.match(hit.headers['cache-status'], /hit/)
})

t.test('the key: only declared query parameters, and the encoding', async (t) => {
  const { up, get } = await gateway(t)
  await get('/blog?utm_source=forum')
  await get('/blog?x=1')
  await get('/blog?x=2')
  t.equal(up.hits.size, 1, 'undeclared parameters do not multiply the keys')
  await get('/blog?page=2')
  await get('/blog?page=2&x=3')
  t.equal(up.count('/blog?page=2'), 1, 'a declared one is part of the key')
  t.equal(up.count('/blog?page=2&x=3'), 0)
  const br = await get('/blog', { 'accept-encoding': 'br' })
  t.equal(br.headers['content-encoding'], 'br')
  t.match(brotliDecompressSync(br.rawPayload).toString(), 'Version')
  const brAgain = await get('/blog', { 'accept-encoding': 'br' })
  t.match(brAgain.headers['cache-status'], /hit/)
  t.equal(brAgain.headers['content-encoding'], 'br', 'each encoding kept as it went out')
})

t.test('never kept: private, Set-Cookie, not shareable; a session bypasses', async (t) => {
  // No SESSION_SECRET here: any sid counts (shared-cache-bypass.test.ts checks signatures).
  const { up, get } = await gateway(t)
  await get('/private')
  await get('/private')
  t.equal(up.count('/private'), 2, 'private, no-store is never kept')
  const signedIn = await get('/blog', { cookie: 'sid=abc' })
  t.equal(signedIn.headers['cache-status'], 'gateway; fwd=bypass')
  const authorized = await get('/blog', { authorization: 'Bearer x' })
  t.match(authorized.headers['cache-status'], /stored/, 'Authorization is no bypass on a page')
  t.equal(up.count('/blog'), 2)
  t.match((await get('/blog')).headers['cache-status'], /hit/)
  const signedInAgain = await get('/blog', { cookie: 'sid=abc' })
  t.equal(signedInAgain.headers['cache-status'], 'gateway; fwd=bypass', 'a session never reads the store')
  t.equal(up.count('/blog'), 3)
  up.state.setCookie = true
  await get('/other')
  await get('/other')
  t.equal(up.count('/other'), 2, 'an answer with Set-Cookie is never kept')
  up.state.setCookie = false
  up.state.cacheControl = 'no-cache'
  await get('/third')
  await get('/third')
  t.equal(up.count('/third'), 2, 'no-cache: not kept')
})

t.test(
  "byte ranges: cut from a kept file; a kept page is answered whole; else the upstream's 206",
  async (t) => {
    const { up, get, app } = await gateway(t)
    const first = await get('/file', { range: 'bytes=0-7' })
    t.equal(first.statusCode, 206, 'not kept yet: the upstream answers the range')
    t.equal(first.body, '%PDF-1.4')
    t.match(first.headers['cache-status'], /^gateway; fwd=uri-miss; fwd-status=206$/, 'and it is not kept')
    t.equal((await get('/file')).statusCode, 200)
    t.equal(up.count('/file'), 2, 'the whole file is kept')

    const part = await get('/file', { range: 'bytes=9-18' })
    t.equal(part.statusCode, 206, "a player's range, cut from the kept file")
    t.match(part.headers['cache-status'], /^gateway; hit/)
    t.equal(part.headers['content-range'], `bytes 9-18/${FILE.length}`)
    t.equal(part.headers['content-length'], '10')
    t.equal(part.body, FILE.subarray(9, 19).toString())
    const past = await get('/file', { range: `bytes=${FILE.length}-` })
    t.equal(past.statusCode, 416, 'a range past the end')
    t.equal(past.headers['content-range'], `bytes */${FILE.length}`)
    t.match(past.json(), { statusCode: 416, code: 'RANGE_NOT_SATISFIABLE' })
    const other = await get('/file', { range: 'bytes=0-1', 'if-range': '"f0"' })
    t.equal(other.statusCode, 200, 'If-Range naming another version: the whole file')
    t.equal(other.body.length, FILE.length)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    const fetched = await fetch(`http://127.0.0.1:${port}/file`, { headers: { range: 'bytes=-4' } })
    t.equal(fetched.status, 206, 'also before Fastify routes it')
    t.equal(await fetched.text(), FILE.subarray(-4).toString())
    t.equal(up.count('/file'), 2, 'none of these asked the upstream')

    const firstPage = await get('/guide', { range: 'bytes=0-1' })
    t.equal(firstPage.statusCode, 200, 'a page ignores Range upstream too')
    t.match(firstPage.headers['cache-status'], /stored/, 'and that whole page is kept')
    const page = await get('/guide', { range: 'bytes=0-1' })
    t.equal(page.statusCode, 200, 'a page offers no ranges: the kept page, whole')
    t.match(
      page.headers['cache-status'],
      /^gateway; hit/,
      'a Range header does not take a page past the cache',
    )
    t.equal(up.count('/guide'), 1)
  },
)

t.test('a redirect is kept, but not one to a query another visitor sent', async (t) => {
  const { up, get } = await gateway(t)
  t.equal((await get('/old')).headers.location, '/new')
  t.match((await get('/old')).headers['cache-status'], /hit/)
  t.equal(up.count('/old'), 1)
  t.equal((await get('/older?utm_source=mine')).headers.location, '/newer?utm_source=mine')
  t.equal((await get('/older?utm_source=yours')).headers.location, '/newer?utm_source=yours')
})

t.test('one upstream fetch per key at a time', async (t) => {
  const { up, get } = await gateway(t)
  up.state.delayMs = 100
  const answers = await Promise.all(Array.from({ length: 20 }, () => get('/blog/a-post')))
  t.ok(
    answers.every((a) => a.statusCode === 200 && a.body === answers[0]!.body),
    'all answered the same',
  )
  t.equal(up.count('/blog/a-post'), 1, 'twenty requests, one fetch')
  t.ok(answers.some((a) => /collapsed/.test(String(a.headers['cache-status']))))
})

t.test('a request waits for another fetch of its key only so long (the answer may be private)', async (t) => {
  const { up, get } = await gateway(t, { CACHE_COALESCE_WAIT_MS: '200', PAGE_TIMEOUT_MS: '5000' })
  up.state.delayMs = 1500
  const answers = Promise.all(Array.from({ length: 5 }, () => get('/private/slow')))
  await new Promise((r) => setTimeout(r, 900))
  t.equal(up.count('/private/slow'), 5, 'all five reached the upstream while the first was still held')
  t.ok((await answers).every((a) => a.statusCode === 200))
})

t.test('a purge makes the answers carrying the key stale; the next request fetches again', async (t) => {
  const { up, get, app } = await gateway(t)
  await get('/blog')
  await get('/blog/a-post')
  // As the purge subscriber does on an announcement (purge-subscriber.ts, tested end to end in scripts/test).
  const cache = (app as unknown as { sharedCache: { purge(keys: string[]): number } }).sharedCache
  t.equal(cache.purge(['post:1']), 1, 'only the post carries post:1')
  up.state.version = 2
  t.match((await get('/blog/a-post')).body, 'Version 2', 'fetched again at once')
  t.match((await get('/blog')).body, 'Version 1', 'the list was not named')
  t.equal(up.count('/blog/a-post'), 2)
})

t.test('stale-if-error: an unreachable upstream is answered with the kept page, said so', async (t) => {
  const { up, get } = await gateway(t)
  up.state.cacheControl = 'public, max-age=0, s-maxage=1, stale-if-error=86400'
  await get('/blog')
  await new Promise((r) => setTimeout(r, 1100))
  // A 503 page the upstream chose to send is its answer: passed on, the kept page does not stand in.
  up.state.fail = true
  const chosen = await get('/blog')
  t.equal(chosen.statusCode, 503, "the upstream's own 503 page")
  t.equal(chosen.body, 'down')
  // Unreachable: the kept page stands in for that request.
  await up.close()
  const failed = await get('/blog')
  t.equal(failed.statusCode, 200, 'the kept page, not the 503')
  t.match(failed.headers['cache-status'], /fwd-status=503; detail=stale-if-error/)
  t.match(failed.body, 'Version 1')
  t.ok(failed.headers['x-request-id'], 'with its own request id')
  // A second failure marks the upstream unwell: the kept page goes out without asking it.
  await get('/blog')
  const quick = await get('/blog')
  t.match(quick.headers['cache-status'], /^gateway; hit; ttl=-?\d+; detail=stale-if-error$/)
  // A page never kept is the gateway's failure, as before.
  t.equal((await get('/never-kept')).statusCode, 503)
})

t.test(
  'stale-while-revalidate: past s-maxage the kept answer goes out at once, one fetch renews it',
  async (t) => {
    // A page budget above the upstream's delay: the background fetch must succeed.
    const { up, get } = await gateway(t, { PAGE_TIMEOUT_MS: '5000' })
    up.state.cacheControl = 'public, max-age=0, s-maxage=1, stale-while-revalidate=60'
    await get('/blog')
    up.state.version = 2
    up.state.delayMs = 1000
    await new Promise((r) => setTimeout(r, 1100))
    const answered = up.state.answered
    const stale = await get('/blog')
    t.equal(up.state.answered, answered, 'not waiting for the upstream')
    t.match(stale.body, 'Version 1')
    t.match(stale.headers['cache-status'], /detail=stale-while-revalidate/)
    // The background fetch answers after its delay; then the renewed page is kept.
    for (let i = 0; i < 100 && up.state.answered === answered; i++)
      await new Promise((r) => setTimeout(r, 50))
    await new Promise((r) => setTimeout(r, 100))
    const renewed = await get('/blog')
    t.match(renewed.body, 'Version 2', 'renewed in the background')
    t.match(renewed.headers['cache-status'], /hit/)
    t.equal(up.count('/blog'), 2)
  },
)

t.test('CACHE_ENABLED=false: every request goes to the upstream', async (t) => {
  const { up, get } = await gateway(t, { CACHE_ENABLED: 'false' })
  await get('/blog')
  await get('/blog')
  t.equal(up.count('/blog'), 2)
})

t.test('over the network, a fresh hit is written before Fastify routes the request', async (t) => {
  const { up, app } = await gateway(t)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const fetchPage = () =>
    fetch(`http://127.0.0.1:${port}/blog/a-post`, { headers: { 'accept-encoding': 'br' } })
  const first = await fetchPage()
  const firstBody = await first.text()
  const second = await fetchPage()
  t.match(second.headers.get('cache-status'), /^gateway; hit; ttl=\d+$/)
  t.equal(await second.text(), firstBody, 'the same page, decoded the same')
  t.equal(second.headers.get('content-encoding'), 'br')
  t.ok(second.headers.get('x-frame-options') ?? second.headers.get('content-security-policy'))
  t.equal(up.count('/blog/a-post'), 1)
  const signedIn = await fetch(`http://127.0.0.1:${port}/blog/a-post`, { headers: { cookie: 'sid=x' } })
  await signedIn.arrayBuffer()
  t.equal(
    signedIn.headers.get('cache-status'),
    'gateway; fwd=bypass',
    'a session still goes to Fastify and on',
  )
})
