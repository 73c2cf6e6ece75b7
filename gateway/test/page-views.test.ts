// @tier services
// The gateway's page views (issue 48) over real HTTP and a real Redis: every public page answer is
// counted, a cache hit too, with its UTM source and a daily visitor hash; GPC and bots carry no
// hash; the API, files and error pages are not counted; a consultation request carries its visit
// (entry page, last post, source) to the contact service, and a client's own header is dropped.
// Redis away or a full buffer: pages answer as ever; views wait within the buffer's bound, the
// rest are dropped and counted.
import t, { type Test } from 'tap'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { randomBytes } from 'node:crypto'
import { createRedis } from '@site/service-kit'
import { freePort } from '@site/service-kit/testing'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'

/** The web server (pages, shareable for 5 minutes; a 404 page) and the contact service in one. */
async function upstream(t: Test) {
  const contacts: IncomingHttpHeaders[] = []
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/api/contacts')) {
      contacts.push(req.headers)
      req.resume()
      return res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"1","ok":true}')
    }
    if (req.url?.startsWith('/missing')) return res.writeHead(404, { 'content-type': 'text/html' }).end('no')
    res
      .writeHead(200, { 'content-type': 'text/html', 'cache-control': 'public, max-age=0, s-maxage=300' })
      .end('<p>page</p>')
  })
  const port = await freePort()
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  t.teardown(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))))
  return { url: `http://127.0.0.1:${port}`, contacts }
}

async function gateway(t: Test, env: Record<string, string> = {}) {
  const up = await upstream(t)
  const prefix = `t_views_${randomBytes(4).toString('hex')}`
  const app = await buildApp(
    readConfig({
      LOG_LEVEL: 'silent',
      WEB_URL: up.url,
      CONTACT_URL: up.url,
      BLOG_URL: up.url,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      ANALYTICS_FLUSH_MS: '20',
      METRICS_PORT: '0',
      PORT: '0',
      ...env,
    }),
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => app.close())
  const redis = createRedis(REDIS_URL, { enableOfflineQueue: true })
  t.teardown(() => redis.disconnect())
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers: { 'user-agent': UA, ...headers } })
    await res.text()
    return res
  }
  const hits = async () =>
    (await redis.lrange(`${prefix}:analytics:hits`, 0, -1)).map(
      (h) => JSON.parse(h) as Record<string, unknown>,
    )
  const until = async <T>(read: () => Promise<T>, done: (v: T) => boolean) => {
    for (;;) {
      const v = await read()
      if (done(v)) return v
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  const metric = async (name: string, label: string) =>
    Number(
      new RegExp(`reason="${label}"[^}]*} (\\d+)`).exec(
        await app.metrics.getSingleMetricAsString(name),
      )?.[1] ?? 0,
    )
  return { app, up, base, get, hits, until, redis, prefix, metric }
}

t.test('pages are counted, a cache hit too; GPC and bots without a hash; the rest not', async (t) => {
  const { get, hits, until } = await gateway(t)
  const first = await get('/blog/a?utm_source=X&utm_medium=mail', { referer: 'https://www.google.com/' })
  const second = await get('/blog/a?utm_source=X&utm_medium=mail', { referer: 'https://www.google.com/' })
  t.match(second.headers.get('cache-status'), /^gateway; hit/, 'the second from the cache')
  t.equal(first.headers.get('set-cookie'), null, 'no cookie')
  await get('/en', { 'sec-gpc': '1' })
  await get('/de/blog', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })
  for (const path of ['/api/blog', '/assets/app.js', '/missing', '/admin']) await get(path)
  const seen = await until(hits, (h) => h.length >= 4)
  t.equal(seen.length, 4, 'four page views, nothing else')
  const [a, b, gpc, bot] = seen
  t.match(a, {
    path: '/blog/a',
    lang: 'nl',
    source: 'x',
    medium: 'mail',
    ref: 'google.com',
    device: 'desktop',
  })
  t.match(a!.visitor, /^[0-9a-f]{32}$/)
  t.equal(b!.visitor, a!.visitor, 'the same visitor, hit or miss')
  t.match(gpc, { path: '/en', lang: 'en', visitor: null, device: 'desktop' })
  t.match(bot, { path: '/de/blog', lang: 'de', visitor: null, device: 'bot' })
  t.notOk(JSON.stringify(seen).includes('127.0.0.1'), 'no address')
})

t.test('a consultation request carries its visit; a forged header is dropped', async (t) => {
  const { base, get, up, hits, until } = await gateway(t)
  await get('/pages/about?utm_source=news')
  await get('/blog/first')
  await get('/en/blog/second')
  await until(hits, (h) => h.length === 3)
  const send = (headers: Record<string, string>) =>
    fetch(`${base}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': UA, ...headers },
      body: '{}',
    })
  t.equal((await send({ 'x-site-visit': 'post=/forged' })).status, 201)
  const visit = new URLSearchParams(String(up.contacts[0]!['x-site-visit']))
  t.same(Object.fromEntries(visit), { entry: '/pages/about', source: 'news', post: '/en/blog/second' })
  await send({ 'x-site-visit': 'post=/forged', 'sec-gpc': '1' })
  t.equal(up.contacts[1]!['x-site-visit'], undefined, 'GPC: no visit, and the forged header is gone')
})

t.test(
  'Redis away or the buffer full: pages as ever, views wait within the bound, then dropped',
  async (t) => {
    const away = await gateway(t, {
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      ANALYTICS_BUFFER_MAX: '2',
    })
    for (let i = 0; i < 3; i++) t.equal((await away.get(`/blog/p${i}`)).status, 200, 'the page answers')
    t.equal(
      await away.metric('gateway_page_views_dropped_total', 'buffer'),
      1,
      'two wait, the third had no room',
    )
    const full = await gateway(t, { ANALYTICS_BUFFER_MAX: '1', ANALYTICS_FLUSH_MS: '600000' })
    t.equal((await full.get('/blog/x')).status, 200)
    t.equal((await full.get('/blog/y')).status, 200)
    t.equal(await full.metric('gateway_page_views_dropped_total', 'buffer'), 1, 'the second view had no room')
  },
)
