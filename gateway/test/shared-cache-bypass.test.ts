// @tier services
// Nobody skips the shared cache by making something up (issue 42, item 2), from outside: a `sid`
// cookie bypasses only with a valid signature (a session as the auth service signs it, with the
// deployment's SESSION_SECRET), Authorization is no bypass on pages (it still is on the API), an
// over-long page URL is a 414 (a long query of undeclared parameters is still one entry), and page
// requests that reach the web server have a per-address budget (429 with Retry-After past it).
import t, { type Test } from 'tap'
import { createServer, type Server } from 'node:http'
import { randomBytes } from 'node:crypto'
import { createTestSession, freePort, TEST_SESSION_SECRET } from '@site/service-kit/testing'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { AddressBuckets, MAX_ADDRESSES } from '../src/plugins/page-miss-budget.js'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const SHARED = 'public, max-age=0, s-maxage=300'

/** The web server and the blog service in one: every path a shareable answer; counts per path and header. */
async function upstream(t: Test) {
  const hits = new Map<string, number>()
  const seen: { authorization?: string }[] = []
  const port = await freePort()
  const server: Server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1)
    seen.push({ authorization: req.headers.authorization })
    const json = req.url!.startsWith('/api/')
    res
      .writeHead(200, { 'content-type': json ? 'application/json' : 'text/html', 'cache-control': SHARED })
      .end(json ? '{"items":[]}' : '<p>A page</p>')
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  t.teardown(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  )
  return { url: `http://127.0.0.1:${port}`, seen, count: (path: string) => hits.get(path) ?? 0 }
}

async function gateway(t: Test, env: Record<string, string> = {}) {
  const up = await upstream(t)
  const app = await buildApp(
    readConfig({
      LOG_LEVEL: 'silent',
      WEB_URL: up.url,
      BLOG_URL: up.url,
      SESSION_SECRET: TEST_SESSION_SECRET,
      ...env,
    }),
  )
  t.teardown(() => app.close())
  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '10.1.1.1') =>
    app.inject({ method: 'GET', url, remoteAddress, headers: { 'accept-encoding': 'identity', ...headers } })
  return { app, up, get }
}

t.test('a session cookie bypasses the cache only when its signature is valid', async (t) => {
  const { up, get } = await gateway(t)
  t.match((await get('/blog')).headers['cache-status'], /stored/)
  const session = await createTestSession({
    REDIS_URL,
    QUEUE_PREFIX: `t_bypass_${randomBytes(4).toString('hex')}`,
  })
  const [, signed] = session.cookie.split('=')
  const forged = [
    'sid=x',
    `sid=${session.id}`,
    `sid=${encodeURIComponent(`${session.id}.AAAA`)}`,
    `sid=${signed!.slice(0, -3)}`,
    `theme=dark; sid=${session.id}.${'A'.repeat(43)}`,
  ]
  for (const cookie of forged) {
    const answer = await get('/blog', { cookie })
    t.match(answer.headers['cache-status'], /^gateway; hit/, `${cookie.slice(0, 24)}…: the kept page`)
  }
  t.equal(up.count('/blog'), 1, 'no forged cookie reached the web server')
  const signedIn = await get('/blog', { cookie: `theme=dark; ${session.cookie}` })
  t.equal(signedIn.headers['cache-status'], 'gateway; fwd=bypass', 'a validly signed session: past the cache')
  t.equal(up.count('/blog'), 2)
  const otherSecret = await get('/blog', {
    cookie: session.cookie.replace(/\.[^.]+$/, `.${'B'.repeat(43)}`),
  })
  t.match(otherSecret.headers['cache-status'], /hit/, 'a signature with another secret does not')
})

t.test('Authorization is no bypass on a page; on the API it still is', async (t) => {
  const { up, get } = await gateway(t)
  await get('/projects')
  const page = await get('/projects', { authorization: 'Bearer made-up' })
  t.match(page.headers['cache-status'], /^gateway; hit/)
  const miss = await get('/guide', { authorization: 'Basic eDp5' })
  t.match(miss.headers['cache-status'], /stored/, 'a miss with it is kept as any visit')
  t.equal(up.seen.at(-1)?.authorization, undefined, 'and the web server is not sent the header')
  await get('/api/blog')
  const api = await get('/api/blog', { authorization: 'Bearer made-up' })
  t.equal(api.headers['cache-status'], 'gateway; fwd=bypass', 'an API answer may be for that caller')
  t.equal(up.count('/api/blog'), 2)
})

t.test('an over-long page URL is a 414, never an uncached render', async (t) => {
  const { up, get } = await gateway(t)
  const long = await get(`/blog/${'a'.repeat(3000)}`)
  t.equal(long.statusCode, 414)
  t.match(long.json(), { statusCode: 414, code: 'URI_TOO_LONG' })
  t.equal(up.count(`/blog/${'a'.repeat(3000)}`), 0, 'the web server never saw it')
  const declared = await get(`/blog?page=${'1'.repeat(3000)}`)
  t.equal(declared.statusCode, 414, 'nor with a long declared parameter')
  // A long query of parameters the page does not read: the same entry as the page.
  const junk = `/projects?utm_source=${'x'.repeat(3000)}`
  t.match((await get(junk)).headers['cache-status'], /stored/)
  t.match((await get(`/projects?fbclid=${'y'.repeat(3000)}`)).headers['cache-status'], /^gateway; hit/)
  t.equal(up.count(junk), 1)
})

t.test('page requests that reach the web server have a per-address budget', async (t) => {
  const { up, get } = await gateway(t, { RATE_LIMIT_PAGE_MISSES_PER_MINUTE: '3' })
  for (const path of ['/a', '/b', '/c']) t.equal((await get(path)).statusCode, 200, `${path}: a miss`)
  const over = await get('/d')
  t.equal(over.statusCode, 429, 'the fourth miss from the address')
  t.match(over.headers['retry-after'], /^[1-9]\d*$/)
  t.match(over.body, /Please try again in \d+ seconds/)
  t.equal(up.count('/d'), 0, 'the web server never saw it')
  t.equal((await get('/a')).statusCode, 200, 'a hit costs nothing')
  t.equal((await get('/d', {}, '10.2.2.2')).statusCode, 200, 'another address has its own budget')
  for (let i = 0; i < 5; i++) await get(`/api/blog?n=${i}`)
  t.equal((await get('/api/blog?page=9')).statusCode, 200, 'the API keeps its own rate limit')
  const forged = await get('/e', { cookie: 'sid=x' })
  t.equal(forged.statusCode, 429, 'a made-up session counts as a visitor')
})

t.test('the per-address table is bounded; a bucket refills over the minute', async (t) => {
  const buckets = new AddressBuckets(60)
  for (let i = 0; i < MAX_ADDRESSES + 500; i++) buckets.take(`10.0.${i >> 8}.${i & 255}`, 0)
  t.equal(buckets.size, MAX_ADDRESSES)
  const one = new AddressBuckets(2)
  t.equal(one.take('a', 0), 0)
  t.equal(one.take('a', 0), 0)
  t.equal(one.take('a', 0), 30, 'empty: one token in 30 s')
  t.equal(one.take('a', 30_000), 0, 'refilled')
})
