// @tier services
import t from 'tap'
import { adminOnly, createService, loadConfig, ConfigError, Type, HttpError } from '../src/index.js'
import { createTestSession, testEnv, startRedisServer } from '../src/testing/index.js'

t.test('config: converted, defaulted, and a readable error listing what is wrong', async (t) => {
  const props = {
    PORT: Type.Integer({ default: 3000 }),
    SECRET: Type.String({ minLength: 4, description: 'the secret' }),
    ON: Type.Boolean({ default: false }),
  }
  t.same(loadConfig(props, { SECRET: 'abcd', ON: 'true' }), { PORT: 3000, SECRET: 'abcd', ON: true })
  t.same(loadConfig(props, { PORT: '81', SECRET: 'abcd' }).PORT, 81)
  t.throws(() => loadConfig(props, { PORT: 'x', SECRET: 'abcd' }), ConfigError)
  try {
    loadConfig(props, {})
    t.fail('should throw')
  } catch (err) {
    t.match((err as Error).message, /SECRET/)
  }
})

t.test('errors: one JSON shape; 5xx hides internals; 404 is JSON', async (t) => {
  const app = await createService({
    name: 'kiterr',
    config: { LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback' },
    routes: async (app) => {
      app.get('/refused', async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:27017'), { code: 'ECONNREFUSED' })
      })
      app.get('/boom', async () => {
        throw new Error('secret internals at 10.1.2.3')
      })
      app.get('/teapot', async () => {
        throw new HttpError(418, 'I am a teapot', 'TEAPOT')
      })
    },
  })
  t.teardown(() => app.close())
  const refused = await app.inject('/refused')
  t.equal(refused.statusCode, 503, 'a refused dependency is 503, not 500')
  t.equal(refused.headers['retry-after'], '5')
  t.notMatch(refused.body, /10\.1\.2\.3/)
  const boom = await app.inject('/boom')
  t.same(boom.json(), {
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'Something went wrong on our side.',
  })
  const teapot = await app.inject('/teapot')
  t.same(teapot.json(), { statusCode: 418, error: "I'm a Teapot", message: 'I am a teapot', code: 'TEAPOT' })
  const missing = await app.inject('/nope')
  t.equal(missing.statusCode, 404)
  t.equal(missing.json().error, 'Not Found')
  t.ok(missing.headers['x-request-id'], 'every answer carries a request id')
  const given = await app.inject({ url: '/nope', headers: { 'x-request-id': 'abc-123-def-456' } })
  t.equal(given.headers['x-request-id'], 'abc-123-def-456', 'a caller request id is kept')
  const metrics = await app.inject('/metrics')
  t.match(metrics.body, /http_request_duration_seconds_bucket/)
  const live = await app.inject('/livez')
  t.equal(live.statusCode, 200)
})

t.test('session reader, adminOnly and CSRF; Redis down → 503 and back', async (t) => {
  const redis = await startRedisServer()
  t.teardown(() => redis.close())
  const env = testEnv('kitsess')
  const app = await createService({
    name: 'kitsess',
    config: {
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'loopback',
      REDIS_URL: redis.url,
      QUEUE_PREFIX: env.QUEUE_PREFIX,
      SESSION_SECRET: env.SESSION_SECRET,
      PUBLIC_ORIGIN: 'http://localhost:8080',
    },
    routes: async (app) => {
      await app.register(async (scope) => {
        adminOnly(scope)
        scope.get('/admin', async (req) => ({ admin: await req.getAdmin() }))
        scope.post('/admin', async () => ({ ok: true }))
        scope.put('/admin', async () => ({ ok: true }))
      })
    },
  })
  t.teardown(() => app.close())
  await new Promise((r) => setTimeout(r, 300))

  t.equal((await app.inject('/admin')).statusCode, 401)
  const { cookie, user } = await createTestSession({ REDIS_URL: redis.url, QUEUE_PREFIX: env.QUEUE_PREFIX })
  const ok = await app.inject({ url: '/admin', headers: { cookie } })
  t.equal(ok.statusCode, 200)
  t.same(ok.json().admin, { ...user, display_name: null }, 'a session without a display name reads as null')
  t.equal(
    (await app.inject({ url: '/admin', headers: { cookie: cookie + 'x' } })).statusCode,
    401,
    'a tampered cookie is nobody',
  )

  const old = await createTestSession({ REDIS_URL: redis.url, QUEUE_PREFIX: env.QUEUE_PREFIX }, undefined, {
    loginAt: Date.now() - 13 * 3600 * 1000,
  })
  t.equal(
    (await app.inject({ url: '/admin', headers: { cookie: old.cookie } })).statusCode,
    401,
    'absolute 12 h limit',
  )

  const post = (headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/admin',
      headers: { cookie, ...headers },
      payload: headers['content-type'] ? '{}' : undefined,
    })
  t.equal(
    (await post({ 'content-type': 'application/json', origin: 'http://localhost:8080' })).statusCode,
    200,
  )
  t.equal(
    (await post({ 'content-type': 'application/json', origin: 'https://evil.example' })).statusCode,
    403,
    'foreign origin',
  )
  t.equal(
    (await post({ 'content-type': 'text/plain', origin: 'http://localhost:8080' })).statusCode,
    403,
    'form-like content type',
  )
  t.equal((await post({ 'x-requested-with': 'XMLHttpRequest' })).statusCode, 200, 'body-less with our header')
  t.equal(
    (await post({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' })).statusCode,
    403,
    'cross-site fetch',
  )
  t.equal(
    (await post({ origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' })).statusCode,
    403,
    'a body-less POST a form could send',
  )
  // No form can send PUT: a body-less same-origin PUT (the queue dashboard's actions) passes, a cross-site one does not.
  const put = (headers: Record<string, string>) =>
    app.inject({ method: 'PUT', url: '/admin', headers: { cookie, ...headers } })
  t.equal(
    (await put({ origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' })).statusCode,
    200,
    'same-origin body-less PUT',
  )
  t.equal((await put({ origin: 'https://evil.example' })).statusCode, 403, 'foreign-origin PUT')
  t.equal((await put({ 'sec-fetch-site': 'cross-site' })).statusCode, 403, 'cross-site PUT')

  await redis.stop()
  const down = await app.inject({ url: '/admin', headers: { cookie } })
  t.equal(down.statusCode, 503, 'Redis away → 503')
  t.equal((await app.inject('/readyz')).statusCode, 503)
  await redis.start()
  let back = 0
  for (let i = 0; i < 50 && back !== 200; i++) {
    await new Promise((r) => setTimeout(r, 100))
    back = (await app.inject({ url: '/admin', headers: { cookie } })).statusCode
  }
  t.equal(back, 200, 'Redis back (AOF kept the session) → answers recover by themselves')
})

t.test(
  'JSON bodies: nesting is bounded before validation; __proto__ refused; normal bodies pass',
  async (t) => {
    const { MAX_JSON_DEPTH } = await import('../src/index.js')
    const app = await createService({
      name: 'kitdepth',
      config: { LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback' },
      routes: async (app) => {
        app.post('/echo', async (request) => ({ got: request.body }))
      },
    })
    t.teardown(() => app.close())
    const post = (payload: string) =>
      app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload })
    const nest = (n: number) => `${'{"a":'.repeat(n - 1)}{}${'}'.repeat(n - 1)}`
    t.equal((await post(nest(MAX_JSON_DEPTH))).statusCode, 200, `${MAX_JSON_DEPTH} levels are fine`)
    const deep = await post(nest(MAX_JSON_DEPTH + 1))
    t.equal(deep.statusCode, 400, 'one level more is refused')
    t.match(deep.json(), { statusCode: 400, code: 'BODY_TOO_DEEP', message: /nested too deeply/ })
    const huge = await post(`${'['.repeat(200_000)}${']'.repeat(200_000)}`)
    t.equal(huge.statusCode, 400, 'a 200,000-level array is a 400, not a stack overflow')
    const proto = await post('{"__proto__":{"admin":true}}')
    t.equal(proto.statusCode, 400, '__proto__ key refused')
    t.equal((await post('{"a":')).statusCode, 400, 'broken JSON')
    t.same((await post('{"a":[1,{"b":2}]}')).json(), { got: { a: [1, { b: 2 }] } })
  },
)

t.test('the example SESSION_SECRET values are refused in production (issue 45)', async (t) => {
  const { sessionConfigProperties, EXAMPLE_SESSION_SECRETS } = await import('../src/config.js')
  const [prod, dev] = EXAMPLE_SESSION_SECRETS as [string, string]
  const load = (env: Record<string, string>) => () => loadConfig(sessionConfigProperties, env)
  const site = 'https://www.example.com'
  t.throws(load({ SESSION_SECRET: prod, PUBLIC_ORIGIN: site }), /SESSION_SECRET: the example value/)
  t.throws(load({ SESSION_SECRET: prod }), ConfigError, 'a CHANGE-ME placeholder: everywhere')
  t.throws(load({ SESSION_SECRET: dev, PUBLIC_ORIGIN: site, NODE_ENV: 'production' }), ConfigError)
  t.doesNotThrow(
    load({ SESSION_SECRET: dev, PUBLIC_ORIGIN: 'https://site.localtest.me', NODE_ENV: 'production' }),
    'the dev overlay: a cluster on this machine',
  )
  t.doesNotThrow(load({ SESSION_SECRET: dev, PUBLIC_ORIGIN: site }), 'not production (tests, npm run dev)')
  t.doesNotThrow(load({ SESSION_SECRET: 'x'.repeat(40), PUBLIC_ORIGIN: site, NODE_ENV: 'production' }))
})
