// @tier services
// The gateway's request budgets: one per class across the whole API (not one per route), reads far
// larger than writes, counted in Redis so replicas share them, and open when Redis is away.
import t from 'tap'
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { buildApp } from '../src/app.js'
import { readConfig } from '../src/config.js'
import { freePort } from '@site/service-kit/testing'

const port = await freePort()
const upstream: Server = createServer((req, res) => {
  req.resume()
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'))
})
await new Promise<void>((r) => upstream.listen(port, '127.0.0.1', r))
t.teardown(() => new Promise<void>((r) => (upstream.closeAllConnections(), upstream.close(() => r()))))
const url = `http://127.0.0.1:${port}`

const gateway = async (env: Record<string, string>) => {
  const app = await buildApp(
    readConfig({
      LOG_LEVEL: 'silent',
      ...Object.fromEntries(
        ['AUTH', 'CONTENT', 'BLOG', 'CHAT', 'CONTACT', 'WEB'].map((s) => [`${s}_URL`, url]),
      ),
      RATE_LIMIT_READ_PER_MINUTE: '5',
      RATE_LIMIT_PER_MINUTE: '3',
      RATE_LIMIT_SENSITIVE_PER_MINUTE: '2',
      ...env,
    }),
  )
  t.teardown(() => app.close())
  return app
}
const get = (app: Awaited<ReturnType<typeof gateway>>, url: string, ip = '203.0.113.7') =>
  app.inject({ url, remoteAddress: ip })
const send = (
  app: Awaited<ReturnType<typeof gateway>>,
  method: 'POST' | 'PUT',
  url: string,
  ip = '203.0.113.7',
) =>
  app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  })

t.test('one read budget across the API, apart from the write and the sensitive budgets', async (t) => {
  const app = await gateway({})
  const reads = [
    '/api/blog?published=true',
    '/api/content',
    '/api/pages',
    '/api/projects',
    '/objects/projects/a.png',
  ]
  const remaining = []
  for (const u of reads) remaining.push((await get(app, u)).headers['x-ratelimit-remaining'])
  t.same(remaining, ['4', '3', '2', '1', '0'], 'every read route draws from the same budget')
  t.equal((await get(app, '/api/features')).statusCode, 429, 'the 6th read of a minute is refused')
  t.equal(
    (await get(app, '/api/features', '203.0.113.8')).statusCode,
    200,
    'another address has its own budget',
  )

  t.equal((await send(app, 'PUT', '/api/blog/1')).statusCode, 200, 'writes have their own budget')
  t.equal((await send(app, 'POST', '/api/pages')).statusCode, 200)
  t.equal((await send(app, 'PUT', '/api/content')).statusCode, 200)
  t.equal((await send(app, 'POST', '/api/projects')).statusCode, 429, 'the 4th write is refused')

  t.equal(
    (await send(app, 'POST', '/api/auth/login')).statusCode,
    200,
    'logins, chat, contact and uploads share the smallest',
  )
  t.equal((await send(app, 'POST', '/api/chat')).statusCode, 200)
  const third = await send(app, 'POST', '/api/contacts')
  t.equal(third.statusCode, 429)
  t.match(third.json(), { statusCode: 429, code: 'RATE_LIMITED', message: /Too many requests/ })
  t.ok(Number(third.headers['retry-after']) > 0, 'with Retry-After')

  t.equal(
    (await app.inject({ url: '/livez', remoteAddress: '203.0.113.7' })).statusCode,
    200,
    'probes are not budgeted',
  )
})

t.test('an encoded path is counted as the route it reaches, not as its raw text', async (t) => {
  const app = await gateway({})
  const reads = ['/api/content', '/%61pi/content', '/api/%63ontent', '/%6Fbjects/a.png']
  const remaining = []
  for (const u of reads) {
    const res = await get(app, u)
    t.equal(res.statusCode, 200, `${u} reaches its service`)
    remaining.push(res.headers['x-ratelimit-remaining'])
  }
  t.same(remaining, ['4', '3', '2', '1'], 'each draws from the one read budget')

  const login = await send(app, 'POST', '/api/auth/%6cogin')
  t.equal(login.headers['x-ratelimit-limit'], '2', 'an encoded login is a login: the sensitive budget')
  t.equal(login.headers['x-ratelimit-remaining'], '1')
  t.equal((await send(app, 'POST', '/api/auth/login')).headers['x-ratelimit-remaining'], '0', 'one budget')
  t.equal((await send(app, 'POST', '/api/%63hat')).statusCode, 429, 'chat shares it, encoded or not')
  t.equal((await send(app, 'POST', '/api/blog/%75pload')).statusCode, 429, 'so do uploads')
  const write = await send(app, 'PUT', '/api/auth/login-history')
  t.equal(write.headers['x-ratelimit-limit'], '3', 'a path that only begins like the login is a write')
})

t.test('the second factor, 2FA changes, invitation and reset links share the login budget', async (t) => {
  const app = await gateway({})
  const sensitive = [
    '/api/auth/login/2fa',
    '/api/auth/login/2fa/enable',
    '/api/auth/2fa/disable',
    '/api/auth/2fa/recovery-codes',
    '/api/auth/password-reset',
    '/api/auth/password-reset/abc',
    '/api/auth/invites/abc/accept',
    '/api/auth/%32fa/setup',
  ]
  for (const [i, path] of sensitive.entries()) {
    const res = await send(app, 'POST', path, `198.51.100.${i + 1}`)
    t.equal(res.headers['x-ratelimit-limit'], '2', `${path}: the sensitive budget`)
  }
  t.equal((await send(app, 'POST', '/api/auth/login/2fa', '198.51.100.50')).statusCode, 200)
  t.equal((await send(app, 'POST', '/api/auth/password-reset', '198.51.100.50')).statusCode, 200)
  t.equal(
    (await send(app, 'POST', '/api/auth/invites/t/accept', '198.51.100.50')).statusCode,
    429,
    'one budget for all of them',
  )
  const other = await send(app, 'POST', '/api/auth/change-password', '198.51.100.50')
  t.equal(other.headers['x-ratelimit-limit'], '3', 'other account writes stay in the write budget')
  t.equal(
    (await get(app, '/api/auth/invites/abc', '198.51.100.60')).headers['x-ratelimit-limit'],
    '5',
    'reads are reads',
  )
})

t.test('replicas on one Redis share the budget', async (t) => {
  const env = {
    REDIS_URL: process.env.REDIS_URL!,
    QUEUE_PREFIX: `t_gwrate_${randomBytes(4).toString('hex')}`,
  }
  const a = await gateway(env)
  const b = await gateway(env)
  // Until its Redis connection is up a replica lets requests through (fail open); give it that moment.
  await new Promise((r) => setTimeout(r, 500))
  const codes = []
  for (let i = 0; i < 6; i++) codes.push((await get(i % 2 ? b : a, '/api/content')).statusCode)
  t.same(codes, [200, 200, 200, 200, 200, 429], 'five reads in all, whichever replica answers')
})

t.test('Redis unreachable: requests pass (fail open)', async (t) => {
  const app = await gateway({
    REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    QUEUE_PREFIX: 't_gwrate_down',
  })
  const codes = []
  for (let i = 0; i < 7; i++) codes.push((await get(app, '/api/content')).statusCode)
  t.same(codes, Array(7).fill(200))
})

t.test('IPv6 clients share a budget per /64, not per address (issue 45)', async (t) => {
  const { clientKey } = await import('@site/service-kit')
  t.equal(clientKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64')
  t.equal(clientKey('2001:DB8:1:2:ffff:ffff:ffff:ffff'), '2001:db8:1:2::/64')
  t.equal(clientKey('2001:db8::1'), '2001:db8:0:0::/64')
  t.equal(clientKey('::ffff:203.0.113.9'), '203.0.113.9')
  t.equal(clientKey('203.0.113.9'), '203.0.113.9')
  const app = await gateway({})
  // Three writes a minute per address: four from four /64s all pass.
  const apart = []
  for (let i = 1; i <= 4; i++)
    apart.push((await send(app, 'PUT', '/api/blog/1', `2001:db8:${i}:7::1`)).statusCode)
  t.same(apart, [200, 200, 200, 200], 'different /64 networks: a budget each')
  const same = []
  for (let i = 1; i <= 4; i++)
    same.push((await send(app, 'PUT', '/api/blog/1', `2001:db8:5:7::${i}`)).statusCode)
  t.same(same, [200, 200, 200, 429], 'four addresses of one /64: the fourth write is refused')
})
