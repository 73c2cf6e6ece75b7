// @tier stack
// The web server bounds the pages in progress (PAGE_QUEUE_MAX: one more is a 503 with Retry-After at
// once) and renders no page whose client has gone (its reads are stopped). Against the built server
// (web/dist-server/server.js) with a content service of the test's own that holds its answers.
import t from 'tap'
import { spawn } from 'node:child_process'
import { createServer, type ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import { freePort, scrape, waitForPort } from '@site/service-kit/testing'

/** A content service whose reads wait until released; it notes reads whose caller hung up. */
async function heldService() {
  const held: { url: string; res: ServerResponse }[] = []
  const hungUp: string[] = []
  const port = await freePort()
  const server = createServer((req, res) => {
    res.on('close', () => {
      if (!res.writableFinished) hungUp.push(req.url!)
    })
    held.push({ url: req.url!, res })
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  t.teardown(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  )
  const release = () => {
    for (const { res } of held.splice(0))
      if (!res.destroyed)
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"items":[],"page":1,"pageSize":50,"total":0}')
  }
  return { url: `http://127.0.0.1:${port}`, held, hungUp, release }
}

const until = async (what: string, ok: () => boolean) => {
  for (let i = 0; i < 250 && !ok(); i++) await new Promise((r) => setTimeout(r, 20))
  if (!ok()) throw new Error(`waited in vain for ${what}`)
}

const content = await heldService()
const port = await freePort()
const child = spawn(
  process.execPath,
  [fileURLToPath(new URL('../../dist-server/server.js', import.meta.url))],
  {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CONTENT_URL: content.url,
      BLOG_URL: content.url,
      PAGE_QUEUE_MAX: '2',
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  },
)
t.teardown(() => {
  child.kill()
})
const web = `http://127.0.0.1:${port}`
// Up to 2 minutes: under CI's load the server once took more than the 10 s this waited before, and
// the tests then met a refused connection. A server that never listens fails here, by name.
await waitForPort(port, 120_000)
const outcomes = async () => {
  const metrics = await scrape(`${web}/metrics`)
  return Object.fromEntries(
    ['rendered', 'refused', 'abandoned'].map((outcome) => [
      outcome,
      metrics.value('web_pages_total', { outcome }),
    ]),
  )
}

t.test('past PAGE_QUEUE_MAX pages in progress, one more is a 503 with Retry-After at once', async (t) => {
  const first = fetch(`${web}/projects`)
  const second = fetch(`${web}/en/projects`)
  await until('two pages reading', () => content.held.length === 2)
  const third = await fetch(`${web}/de/projects`, { signal: AbortSignal.timeout(20000) })
  t.equal(third.status, 503, 'refused while two pages wait for their reads')
  t.equal(third.headers.get('retry-after'), '5')
  content.release()
  t.same([(await first).status, (await second).status], [200, 200], 'the two pages in progress are answered')
  const next = fetch(`${web}/projects`)
  await until('the next page reading', () => content.held.length === 1)
  content.release()
  t.equal((await next).status, 200, 'a place is free again')
  t.match(await outcomes(), { rendered: 3, refused: 1, abandoned: 0 })
})

t.test('a page whose client leaves stops its reads and is not rendered', async (t) => {
  const before = await outcomes()
  const leaving = new AbortController()
  const page = fetch(`${web}/projects`, { signal: leaving.signal }).catch(() => 'left')
  await until('the page reading', () => content.held.length === 1)
  leaving.abort()
  t.equal(await page, 'left')
  await until('its read closed', () => content.hungUp.length === 1)
  t.match(content.hungUp[0], /^\/api\/projects/, "the web server hung up on the page's read")
  content.release()
  let after = await outcomes()
  for (let i = 0; i < 100 && after.abandoned === before.abandoned; i++) {
    await new Promise((r) => setTimeout(r, 20))
    after = await outcomes()
  }
  t.equal(after.abandoned! - before.abandoned!, 1, 'counted as abandoned')
  t.equal(after.rendered, before.rendered, 'not rendered')
})
