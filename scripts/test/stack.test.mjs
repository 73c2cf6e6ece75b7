// @tier stack
// The operator's view: the whole system from its builds, as `npm start` runs it. Every service's
// health answers through the gateway; a frozen service answers 504 within its route's timeout and a
// killed one 503 while the others keep answering, and each comes back without restarting the gateway.
import t from 'tap'
import { startStack } from '../lib/stack.mjs'
import registry from '../../services.json' with { type: 'json' }

/** Each service's health, under its first path prefix. */
const SERVICES = Object.fromEntries(
  Object.entries(registry.services).map(([name, s]) => [name, s.prefixes[0]]),
)

const stack = await startStack({ env: { UPSTREAM_TIMEOUT_MS: '1500' } })
t.teardown(() => stack.stop())
const get = (path) => fetch(stack.url + path, { signal: AbortSignal.timeout(20000) })

async function eventually(path, status, tries = 150) {
  let last
  for (let i = 0; i < tries; i++) {
    last = (await get(path).catch(() => null))?.status
    if (last === status) return last
    await new Promise((r) => setTimeout(r, 200))
  }
  return last
}

t.test('every service is healthy through the gateway, and the web app answers /', async (t) => {
  for (const [name, prefix] of Object.entries(SERVICES)) {
    const res = await get(`${prefix}/health`)
    t.equal(res.status, 200, `${name} health`)
    t.equal((await res.json()).service, name)
  }
  const all = await get('/api/health')
  t.equal(all.status, 200)
  t.same((await all.json()).status, 'ok')
  const home = await get('/')
  t.equal(home.status, 200)
  t.match(home.headers.get('content-type'), /text\/html/)
  // The public routes are rendered on the server: a missing post is a real 404 with the page;
  // the admin is a client route and gets the app.
  const missing = await get('/blog/any-post')
  t.equal(missing.status, 404, 'a missing post is a 404')
  t.match(await missing.text(), /<div id="root">/)
  const admin = await get('/admin')
  t.equal(admin.status, 200, 'the admin route serves the app')
  t.match(await admin.text(), /<div id="root">/)
})

t.test("the chat reads this stack's content and blog services (not the default ports)", async (t) => {
  let index
  for (let i = 0; i < 100; i++) {
    index = (await get('/api/chat/status').then((r) => r.json())).index
    if (index.refreshedAt && index.unavailable.length === 0) break
    await new Promise((r) => setTimeout(r, 200))
  }
  t.same(index.unavailable, [], 'every source answered the chat')
})

t.test('a frozen service: 504 within its timeout, others unaffected, back when it resumes', async (t) => {
  stack.supervisor.signal('content', 'SIGSTOP')
  t.teardown(() => stack.supervisor.signal('content', 'SIGCONT'))
  const frozen = await get('/api/content/ping')
  t.equal(frozen.status, 504)
  t.equal((await frozen.json()).code, 'UPSTREAM_TIMEOUT')
  t.equal((await get('/api/auth/ping')).status, 200, 'auth still answers')
  stack.supervisor.signal('content', 'SIGCONT')
  t.equal(await eventually('/api/content/ping', 200), 200, 'content answers again')
})

t.test(
  'a killed service: 503 with Retry-After, restarted by the supervisor, gateway untouched',
  async (t) => {
    stack.supervisor.signal('blog', 'SIGKILL')
    const down = await eventually('/api/blog/ping', 503, 20)
    t.equal(down, 503)
    const res = await get('/api/blog/ping')
    if (res.status === 503) {
      t.equal(res.headers.get('retry-after'), '5')
      t.notMatch(await res.text(), /127\.0\.0\.1|ECONNREFUSED/)
    }
    t.equal((await get('/api/chat/ping')).status, 200, 'chat still answers')
    t.equal(await eventually('/api/blog/ping', 200), 200, 'blog is back by itself')
  },
)
