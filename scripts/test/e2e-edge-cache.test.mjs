// Issue 30 on the real stack, with two gateway replicas on one Redis: anonymous pages come from the
// gateway's shared cache; an admin's edit purges them on both replicas by the keys its change
// record announces (the admin, signed in, sees it at once); and with the web server or the blog
// service frozen the pages already served are still answered, stale, and said to be.
import t from 'tap'
import { freePort, waitForPort } from '../lib/infra.mjs'
import { startStack } from '../lib/stack.mjs'

t.setTimeout(300_000)
// "At once": far below the page budget (PAGE_TIMEOUT_MS, 6 s) the first request waited, with room
// for a loaded machine; bench:edge measures how fast (its outage part: every page within 100 ms).
const AT_ONCE_MS = 1000
const stack = await startStack({ only: ['auth', 'content', 'blog', 'web', 'gateway'] })
t.teardown(() => stack.stop())
stack.seedAdmin('admin', 'correct horse battery')
const a = stack.url

// A second replica of the gateway: the same environment, its own ports.
const spec = stack.supervisor.entries.find((e) => e.spec.name === 'gateway').spec
const port = await freePort()
stack.supervisor.add({
  ...spec,
  name: 'gateway-2',
  port,
  env: { ...spec.env, PORT: String(port), METRICS_PORT: String(await freePort()) },
})
await waitForPort(port, 'gateway-2', 60_000)
const b = `http://127.0.0.1:${port}`

const login = await fetch(`${a}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', origin: a },
  body: JSON.stringify({ username: 'admin', password: 'correct horse battery' }),
})
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]
const admin = (method, path, body) =>
  fetch(`${a}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      origin: a,
      cookie,
    },
    body: JSON.stringify(body),
  })

const POST = {
  slug: 'cached-post',
  title_nl: 'Gecachet bericht',
  title_en: 'Cached post',
  excerpt_nl: 'Kort.',
  excerpt_en: 'Short.',
  content_nl: '<p>Inhoud.</p>',
  content_en: '<p>Body.</p>',
  author: 'Test Author',
  published: true,
  tags: ['AI'],
}
const created = await admin('POST', '/api/blog', POST)
const { id } = await created.json()

const page = async (origin, path, headers = {}) => {
  const res = await fetch(`${origin}${path}`, { headers })
  return { status: res.status, body: await res.text(), cacheStatus: res.headers.get('cache-status') ?? '' }
}

t.test(
  'anonymous pages are kept by each replica; an edit purges both, the admin sees it at once',
  async (t) => {
    t.equal(created.status, 201, 'post created')
    for (const origin of [a, b]) {
      await page(origin, '/en/blog/cached-post')
      const again = await page(origin, '/en/blog/cached-post')
      t.equal(again.status, 200)
      t.match(again.cacheStatus, /^gateway; hit/, `${origin === a ? 'A' : 'B'}: from the cache`)
      await page(origin, '/en/blog')
    }
    const edited = await admin('PUT', `/api/blog/${id}`, { ...POST, title_en: 'Cached post, edited' })
    t.equal(edited.status, 200)
    const mine = await page(a, '/en/blog/cached-post', { cookie })
    t.match(mine.body, 'Cached post, edited', 'the signed-in admin sees the edit at once')
    t.equal(mine.cacheStatus, 'gateway; fwd=bypass')
    // Both replicas heard the purge: within a second each answers the edit.
    const started = Date.now()
    for (const origin of [a, b]) {
      for (const path of ['/en/blog/cached-post', '/en/blog']) {
        let seen = await page(origin, path)
        while (!seen.body.includes('Cached post, edited') && Date.now() - started < 1000) {
          await new Promise((r) => setTimeout(r, 20))
          seen = await page(origin, path)
        }
        t.match(seen.body, 'Cached post, edited', `${path} on ${origin === a ? 'A' : 'B'}: fresh`)
      }
    }
    t.ok(Date.now() - started < 1000, `fresh on both replicas within ${Date.now() - started} ms`)
    const metrics = await (await fetch(`http://127.0.0.1:${spec.env.METRICS_PORT}/metrics`)).text()
    t.match(metrics, /gateway_cache_purges_total\{[^}]*\} [1-9]/, 'the purge is counted')
    t.match(metrics, /gateway_cache_entries\{[^}]*\} [1-9]/)
  },
)

t.test('with the web server frozen, pages already served are answered stale, and said so', async (t) => {
  for (const path of ['/', '/en/blog', '/en/blog/cached-post']) await page(b, path)
  // An edit makes them stale; the web server then cannot render them again.
  await admin('PUT', `/api/blog/${id}`, { ...POST, title_en: 'Cached post, edited twice' })
  await new Promise((r) => setTimeout(r, 300))
  stack.supervisor.signal('web', 'SIGSTOP')
  t.teardown(() => stack.supervisor.signal('web', 'SIGCONT'))
  // The first waits for the page budget (PAGE_TIMEOUT_MS), then the kept page stands in.
  const first = await page(b, '/en/blog/cached-post')
  t.equal(first.status, 200)
  t.match(first.cacheStatus, /detail=stale-if-error/)
  t.match(first.body, 'Cached post, edited')
  // The upstream is known to fail now: the others are answered at once.
  for (const path of ['/', '/en/blog']) {
    const started = Date.now()
    const res = await page(b, path)
    t.equal(res.status, 200, `${path}: 200`)
    t.ok(Date.now() - started < AT_ONCE_MS, `${path}: within ${Date.now() - started} ms`)
    t.match(res.cacheStatus, /stale-if-error/)
  }
  stack.supervisor.signal('web', 'SIGCONT')
  // Back: the background fetch renews the page.
  let fresh = await page(b, '/en/blog/cached-post')
  const end = Date.now() + 10_000
  while (!fresh.body.includes('edited twice') && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100))
    fresh = await page(b, '/en/blog/cached-post')
  }
  t.match(fresh.body, 'Cached post, edited twice', 'renewed once the web server answers again')
})

t.test(
  'with the blog service frozen, a purged page is answered stale once the web server gives up',
  async (t) => {
    await page(a, '/en/blog/cached-post')
    await page(a, '/en/projects')
    await admin('PUT', `/api/blog/${id}`, { ...POST, title_en: 'Cached post, edited thrice' })
    await new Promise((r) => setTimeout(r, 300))
    stack.supervisor.signal('blog', 'SIGSTOP')
    t.teardown(() => stack.supervisor.signal('blog', 'SIGCONT'))
    // The web server's read times out (SSR_UPSTREAM_TIMEOUT_MS) and it answers its 503 page: the
    // gateway answers the kept page instead.
    const purged = await page(a, '/en/blog/cached-post')
    t.equal(purged.status, 200)
    t.match(purged.cacheStatus, /fwd-status=503; detail=stale-if-error/)
    const started = Date.now()
    const untouched = await page(a, '/en/projects')
    t.equal(untouched.status, 200, 'a page the write did not name is still a hit')
    t.ok(Date.now() - started < AT_ONCE_MS, `within ${Date.now() - started} ms`)
    stack.supervisor.signal('blog', 'SIGCONT')
  },
)
