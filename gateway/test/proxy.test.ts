// @tier unit
// The gateway against small upstream servers: routing, forwarded headers, security headers, and
// how it answers when an upstream refuses, hangs, or comes back.
import t from 'tap'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { freePort } from '@site/service-kit/testing'
import { createHash } from 'node:crypto'
import { PAGE_BOOT_SCRIPT } from '@site/contracts/page-scripts'

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

async function upstream(name: string, behaviour: 'echo' | 'hang' = 'echo') {
  const seen: Seen[] = []
  const port = await freePort()
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body })
      if (behaviour === 'hang') return
      if (name === 'web') {
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<html>app for ${req.url}</html>`)
        return
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ service: name, url: req.url }))
    })
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections()
      server.close(() => r())
    })
  return { port, url: `http://127.0.0.1:${port}`, seen, server, close }
}

t.test('routes each prefix to its service and everything else to the web app', async (t) => {
  const ups = Object.fromEntries(
    await Promise.all(
      ['auth', 'content', 'blog', 'chat', 'contact', 'web'].map(async (n) => [n, await upstream(n)] as const),
    ),
  )
  t.teardown(() => Promise.all(Object.values(ups).map((u) => u.close())))
  const app = await buildApp(
    readConfig({
      LOG_LEVEL: 'silent',
      AUTH_URL: ups.auth!.url,
      CONTENT_URL: ups.content!.url,
      BLOG_URL: ups.blog!.url,
      CHAT_URL: ups.chat!.url,
      CONTACT_URL: ups.contact!.url,
      WEB_URL: ups.web!.url,
    }),
  )
  t.teardown(() => app.close())

  const cases: [string, string][] = [
    ['/api/auth/user', 'auth'],
    ['/api/content', 'content'],
    ['/api/features/abc', 'content'],
    ['/api/pages', 'content'],
    ['/api/projects', 'content'],
    ['/api/projects/upload', 'content'],
    ['/objects/projects/x.png', 'content'],
    ['/api/blog?published=true', 'blog'],
    ['/api/blog/slug/hello', 'blog'],
    ['/api/blog/upload', 'blog'],
    ['/api/chat', 'chat'],
    ['/api/contacts', 'contact'],
  ]
  for (const [url, service] of cases) {
    const res = await app.inject({ url })
    t.equal(res.statusCode, 200, url)
    t.same(res.json(), { service, url }, `${url} → ${service}, path unchanged`)
  }

  const page = await app.inject({ url: '/blog/some-post' })
  t.equal(page.statusCode, 200)
  t.match(page.body, /app for \/blog\/some-post/, 'client routes go to the web app')
  const csp = String(page.headers['content-security-policy'])
  t.match(csp, /default-src 'self'.*script-src 'self'/)
  const bootHash = createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')
  t.ok(csp.includes(`script-src 'self' 'sha256-${bootHash}';`), 'the one inline script allowed, by its hash')
  t.equal(page.headers['x-content-type-options'], 'nosniff')

  const unknown = await app.inject({ url: '/api/nothing/here' })
  t.equal(unknown.statusCode, 404)
  t.same(unknown.json().error, 'Not Found', 'an unknown /api path is a JSON 404')

  // The chat's indexer reads /api/blog/changes from the blog service itself; it is not public.
  const asked = ups.blog!.seen.length
  for (const url of [
    '/api/blog/changes',
    '/api/blog/changes?since=2024-01-01T00:00:00Z',
    '/api/blog/%63hanges',
  ]) {
    const internal = await app.inject({ url })
    t.equal(internal.statusCode, 404, `${url}: not routed`)
    t.equal(internal.json().code, 'NOT_FOUND')
  }
  t.equal(ups.blog!.seen.length, asked, 'the blog service was never asked')

  const post = await app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': '6.6.6.6',
      'x-request-id': 'client-req-12345',
    },
    payload: { name: 'A' },
    remoteAddress: '127.0.0.1',
  })
  t.equal(post.statusCode, 200)
  const seen = ups.contact!.seen.at(-1)!
  t.equal(seen.body, '{"name":"A"}', 'the body is passed through')
  t.equal(seen.headers['x-request-id'], 'client-req-12345', 'request id forwarded')
  t.equal(post.headers['x-request-id'], 'client-req-12345', 'and returned')
  t.equal(
    seen.headers['x-forwarded-for'],
    '127.0.0.1',
    'a spoofed X-Forwarded-For is replaced by the real client address',
  )
})

t.test('refused → 503 with Retry-After, hanging → 504, and recovery without a restart', async (t) => {
  const hanging = await upstream('chat', 'hang')
  t.teardown(() => hanging.close())
  const downPort = await freePort()
  const app = await buildApp(
    readConfig({
      LOG_LEVEL: 'silent',
      AUTH_URL: `http://127.0.0.1:${downPort}`,
      CONTENT_URL: hanging.url,
      UPSTREAM_TIMEOUT_MS: '300',
      SLOW_UPSTREAM_TIMEOUT_MS: '600',
    }),
  )
  t.teardown(() => app.close())

  const refused = await app.inject({ url: '/api/auth/user' })
  t.equal(refused.statusCode, 503)
  t.equal(refused.headers['retry-after'], '5')
  t.equal(refused.json().code, 'UPSTREAM_UNAVAILABLE')
  t.notMatch(refused.body, /127\.0\.0\.1|ECONNREFUSED/, 'no internal address or error leaks')

  const hung = await app.inject({ url: '/api/content' })
  t.equal(hung.statusCode, 504)
  t.equal(hung.json().code, 'UPSTREAM_TIMEOUT')

  // The service comes back on its port: the same gateway answers from it.
  const back = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"back":true}'),
  )
  await new Promise<void>((r) => back.listen(downPort, '127.0.0.1', r))
  t.teardown(() => new Promise<void>((r) => back.close(() => r())))
  const ok = await app.inject({ url: '/api/auth/user' })
  t.equal(ok.statusCode, 200)
  t.same(ok.json(), { back: true })
})

t.test(
  'the API has a per-IP request budget (reads here; the classes are in rate-limit.test.ts)',
  async (t) => {
    const up = await upstream('auth')
    t.teardown(() => up.close())
    const app = await buildApp(
      readConfig({ LOG_LEVEL: 'silent', AUTH_URL: up.url, RATE_LIMIT_READ_PER_MINUTE: '3' }),
    )
    t.teardown(() => app.close())
    const codes = []
    for (let i = 0; i < 4; i++) codes.push((await app.inject({ url: '/api/auth/user' })).statusCode)
    t.same(codes, [200, 200, 200, 429])
  },
)
