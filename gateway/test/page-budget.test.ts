// @tier unit
// Pages have a budget of their own (PAGE_TIMEOUT_MS): a page the web server has not answered in it
// is a 504, and the gateway closes its connection, so the web server skips that render. The API
// keeps its own timeout.
import t from 'tap'
import { createServer, type Server } from 'node:http'
import { freePort } from '@site/service-kit/testing'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'

/** A server that answers after `delayMs` (never, when null), and notes connections closed under it. */
async function slow(delayMs: number | null) {
  const port = await freePort()
  const closed: string[] = []
  const server: Server = createServer((req, res) => {
    res.on('close', () => {
      if (!res.writableFinished) closed.push(req.url!)
    })
    if (delayMs === null) return
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), delayMs)
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  t.teardown(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  )
  return { url: `http://127.0.0.1:${port}`, closed }
}

t.test(
  'a page past its budget is a 504 and its upstream connection is closed; the API keeps its timeout',
  async (t) => {
    const web = await slow(null)
    const content = await slow(800)
    const app = await buildApp(
      readConfig({
        LOG_LEVEL: 'silent',
        WEB_URL: web.url,
        CONTENT_URL: content.url,
        METRICS_PORT: '0',
        // Far above the page budget: without one, the page would wait this long.
        UPSTREAM_TIMEOUT_MS: '60000',
        PAGE_TIMEOUT_MS: '300',
      }),
    )
    t.teardown(() => app.close())
    await app.listen({ port: 0, host: '127.0.0.1' })
    const gateway = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`

    // The client's own deadline only ends the test instead of hanging it: the answer must be the gateway's 504.
    const res = await fetch(`${gateway}/blog`, { signal: AbortSignal.timeout(20000) })
    t.equal(res.status, 504, 'the page is answered within its budget')
    t.match(await res.json(), { code: 'UPSTREAM_TIMEOUT' })
    for (let i = 0; i < 50 && web.closed.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
    t.same(web.closed, ['/blog'], 'the web server sees the page request closed (its render is skipped)')

    const api = await fetch(`${gateway}/api/content`, { signal: AbortSignal.timeout(20000) })
    t.equal(api.status, 200, 'an API read slower than the page budget still answers')
  },
)
