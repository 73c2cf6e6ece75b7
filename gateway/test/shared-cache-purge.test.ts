// @tier services
// What is taken down stays down (issue 42, item 1), from outside: purges arrive on the deployment's
// Redis channel as the services' outbox sends them; the web server is a fake that answers as the
// real one would (the page, its 404 once unpublished, a 503 page it chose to render for a bad
// preview token). A purged answer is dropped, whatever fails afterwards; only a purge flagged
// `stale` (an edit) lets it stand in, briefly, and only while its own upstream is unreachable.
import t, { type Test } from 'tap'
import { createServer, type Server } from 'node:http'
import { randomBytes } from 'node:crypto'
import { createRedis } from '@site/service-kit'
import { freePort } from '@site/service-kit/testing'
import { purgeChannel, type PurgeMessage } from '@site/contracts'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
/** The gateway's own failure: refused (503), or a pooled connection found closed (502). */
const FAILED = /^50[23]$/
const SHARED = 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400'

/** The web server: the post while it is public, its 404 after, a 503 page for a bad preview token. */
async function web(t: Test) {
  const state = { post: 'v1' as string | null }
  const port = await freePort()
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/preview/'))
      return res.writeHead(503, { 'content-type': 'text/html' }).end('<p>Unavailable</p>')
    if (state.post === null)
      return res.writeHead(404, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end('gone')
    res
      .writeHead(200, { 'content-type': 'text/html', 'cache-control': SHARED, 'surrogate-key': 'post:x web' })
      .end(`<p>The post, ${state.post}</p>`)
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  let closed = false
  const close = () =>
    new Promise<void>((r) => {
      if (closed) return r()
      closed = true
      server.closeAllConnections()
      server.close(() => r())
    })
  t.teardown(close)
  return { url: `http://127.0.0.1:${port}`, state, close }
}

async function gateway(t: Test, env: Record<string, string> = {}) {
  const up = await web(t)
  const prefix = `t_purge_${randomBytes(4).toString('hex')}`
  const app = await buildApp(
    readConfig({ LOG_LEVEL: 'silent', WEB_URL: up.url, REDIS_URL, QUEUE_PREFIX: prefix, ...env }),
  )
  t.teardown(() => app.close())
  const redis = createRedis(REDIS_URL, { enableOfflineQueue: true })
  t.teardown(() => redis.disconnect())
  const channel = purgeChannel(prefix)
  const until = async (what: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await what()); i++) await new Promise((r) => setTimeout(r, 25))
  }
  const purges = async () =>
    Number(/ (\d+)$/m.exec(await app.metrics.getSingleMetricAsString('gateway_cache_purges_total'))?.[1] ?? 0)
  await until(async () => ((await redis.pubsub('NUMSUB', channel)) as [string, number])[1] === 1)
  /** Sends a purge as the outbox does, and waits until the gateway has heard it. */
  const purge = async (message: Omit<PurgeMessage, 'id'>) => {
    const before = await purges()
    await redis.publish(channel, JSON.stringify({ id: randomBytes(6).toString('hex'), ...message }))
    await until(async () => (await purges()) > before)
  }
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } })
  return { app, up, get, purge, redis, prefix, purges, until }
}

t.test(
  'unpublished: after the purge, a 503 page from another URL does not bring the post back',
  async (t) => {
    const { up, get, purge } = await gateway(t)
    t.match((await get('/blog/x')).headers['cache-status'], /stored/)
    t.match((await get('/blog/x')).headers['cache-status'], /^gateway; hit/)
    await purge({ keys: ['post:x'] })
    up.state.post = null
    t.equal((await get('/blog/x')).statusCode, 404, 'unpublished: 404')
    t.equal((await get('/preview/blog/x')).statusCode, 503, "the web server's 503 page for a bad token")
    t.equal((await get('/preview/blog/y')).statusCode, 503, 'twice')
    const after = await get('/blog/x')
    t.equal(after.statusCode, 404, 'still 404: the purged post is not served')
    t.notMatch(after.body, 'The post')
    // Even when its upstream is down for real, the dropped answer never stands in.
    await up.close()
    for (let i = 0; i < 3; i++) {
      const down = await get('/blog/x')
      t.match(down.statusCode, FAILED, "the gateway's failure, not the post")
      t.notMatch(down.body, 'The post')
    }
  },
)

t.test('an edit (stale): the old page stands in only while its upstream is unreachable', async (t) => {
  const { up, get, purge } = await gateway(t)
  await get('/blog/x')
  await purge({ keys: ['post:x'], stale: true })
  up.state.post = 'v2'
  const renewed = await get('/blog/x')
  t.match(renewed.body, 'v2', 'the next visit fetches the edit')
  await purge({ keys: ['post:x'], stale: true })
  // The web server's own 503 page (another URL) marks nothing: the edit is fetched again.
  t.equal((await get('/preview/blog/x')).statusCode, 503)
  up.state.post = 'v3'
  t.match((await get('/blog/x')).body, 'v3')
  await purge({ keys: ['post:x'], stale: true })
  await up.close()
  const standIn = await get('/blog/x')
  t.equal(standIn.statusCode, 200, 'unreachable: the edited page stands in')
  t.match(standIn.body, 'v3')
  t.match(standIn.headers['cache-status'], /detail=stale-if-error/)
  // A later purge that takes it down drops it.
  await purge({ keys: ['post:x'] })
  t.match((await get('/blog/x')).statusCode, FAILED, 'taken down: never again')
})

t.test('an edit stands in for CACHE_PURGED_STALE_SECONDS at most', async (t) => {
  const { up, get, purge } = await gateway(t, { CACHE_PURGED_STALE_SECONDS: '1' })
  await get('/blog/x')
  await purge({ keys: ['post:x'], stale: true })
  await up.close()
  t.equal((await get('/blog/x')).statusCode, 200, 'within the window')
  await new Promise((r) => setTimeout(r, 1100))
  t.match((await get('/blog/x')).statusCode, FAILED, 'past it, the failure')
})

t.test('a reconnect of the purge channel drops every answer (announcements may be lost)', async (t) => {
  const { up, get, redis, prefix, purges, until } = await gateway(t)
  t.match((await get('/blog/x')).headers['cache-status'], /stored/)
  // The subscriber's connection, by its name, killed as a network failure would end it.
  const clients = String(await redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub'))
  const id = new RegExp(`^id=(\\d+) .*name=${prefix}:gateway-purge `, 'm').exec(clients)?.[1]
  t.ok(id, 'the subscriber is named in CLIENT LIST')
  const before = await purges()
  await redis.call('CLIENT', 'KILL', 'ID', id!)
  await until(async () => (await purges()) > before)
  t.ok((await purges()) > before, 'the reconnect was counted as a purge')
  await up.close()
  for (let i = 0; i < 3; i++) t.match((await get('/blog/x')).statusCode, FAILED, 'nothing stands in')
})
