// @tier stack
// What an anonymous client could do through the gateway, on the real stack (issue 29): slip past its
// budgets, reach what is not public, learn the admin's login name, meet a tag that is not its body's
// hash. Each test is an attack that once worked. (Making the gateway grow: e2e-gateway-memory.)
import t from 'tap'
import { createHash } from 'node:crypto'
import { startStack } from '../lib/stack.mjs'

const stack = await startStack()
t.teardown(() => stack.stop())
const origin = stack.url

t.test('a percent-encoded path gets the class and budget of the plain one', async (t) => {
  const budgetOf = async (path, init = {}) => {
    const res = await fetch(origin + path, init)
    await res.arrayBuffer()
    const h = (name) => Number(res.headers.get(`x-ratelimit-${name}`))
    return {
      status: res.status,
      limit: h('limit'),
      remaining: h('remaining'),
      cookie: res.headers.get('set-cookie'),
    }
  }
  const plain = await budgetOf('/api/content')
  const encoded = await budgetOf('/%61pi/content')
  t.equal(encoded.status, 200, '/%61pi/content reaches the content service')
  t.equal(encoded.limit, plain.limit, 'with the read budget')
  t.equal(encoded.remaining, plain.remaining - 1, 'counted in the same budget')

  stack.seedAdmin('editor', 'correct horse battery')
  const login = (path, password) =>
    budgetOf(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username: 'editor', password }),
    })
  const wrong = await login('/api/auth/login', 'not the password')
  t.equal(wrong.status, 401)
  const signedIn = await login('/api/auth/%6cogin', 'correct horse battery')
  t.equal(signedIn.status, 200, 'POST /api/auth/%6cogin is the login')
  t.match(signedIn.cookie, /^sid=/, 'and signs in')
  t.equal(signedIn.limit, wrong.limit, 'with the login budget')
  t.ok(signedIn.limit < plain.limit, `the sensitive one (${signedIn.limit} a minute)`)
  t.equal(signedIn.remaining, wrong.remaining - 1, 'counted in the same budget as the plain login')
})

t.test('the blog changes feed is for the chat only: not routed by the gateway', async (t) => {
  const outside = await fetch(`${origin}/api/blog/changes`)
  t.equal(outside.status, 404, 'through the gateway: 404')
  t.equal((await outside.json()).code, 'NOT_FOUND')
  const inside = await fetch(`http://127.0.0.1:${stack.ports.blog}/api/blog/changes`)
  t.equal(inside.status, 200, 'the blog service still serves it to the chat')
  await inside.arrayBuffer()
  const doc = await (await fetch(`${origin}/api/openapi.json`)).json()
  t.notOk(doc.paths['/api/blog/changes'], 'nor is it in the public API document')
})

t.test('no public answer names the admin by login name, whatever the post was made with', async (t) => {
  const login = 'hoofd-beheer-7q'
  stack.seedAdmin(login, 'correct horse battery')
  const signIn = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: login, password: 'correct horse battery' }),
  })
  const cookie = signIn.headers.get('set-cookie').split(';')[0]
  const admin = { cookie, origin, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }
  const publish = async (title, author) => {
    const body = { title_nl: title, title_en: title, excerpt_nl: 'Kort', excerpt_en: 'Short' }
    const res = await fetch(`${origin}/api/blog`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({
        ...body,
        content_nl: '<p>Tekst</p>',
        content_en: '<p>Text</p>',
        published: true,
        author,
      }),
    })
    t.equal(res.status, 201)
    return (await res.json()).slug
  }
  // The author field left empty, and one made before display names: the login name typed in.
  const defaulted = await publish('Standaard auteur')
  const old = await publish('Oude auteur', login)
  const answers = [
    '/api/blog?published=true',
    `/api/blog/slug/${defaulted}`,
    `/api/blog/slug/${old}`,
    '/feed.xml',
    '/en/feed.xml',
    `/blog/${defaulted}`,
    `/blog/${old}`,
    '/blog',
  ]
  for (const path of answers) {
    const res = await fetch(origin + path)
    const text = await res.text()
    t.equal(res.status, 200, path)
    t.notOk(text.toLowerCase().includes(login), `${path} does not carry the login name`)
    t.ok(
      text.includes('Software &amp; Automation') || text.includes('Software & Automation'),
      `${path}: the site byline`,
    )
  }
  const page = await (await fetch(`${origin}/blog/${old}`)).text()
  const ld = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  )
  const posting = ld.find((j) => j['@type'] === 'BlogPosting')
  t.equal(posting?.author?.name, 'Software & Automation', 'JSON-LD names the site byline')

  const named = await fetch(`${origin}/api/auth/change-display-name`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ displayName: 'Jan de Vries' }),
  })
  t.equal(named.status, 200)
  const feed = await (await fetch(`${origin}/feed.xml`)).text()
  const fresh = await publish('Nieuwe auteur')
  t.equal((await (await fetch(`${origin}/api/blog/slug/${fresh}`)).json()).author, 'Jan de Vries')
  t.notOk(feed.toLowerCase().includes(login))
})

t.test('every strong ETag of the public site is the hash of its body (ETAG_CHECK)', async (t) => {
  const etagOf = (bytes) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`
  const paths = ['/', '/blog', '/en/feed.xml', '/sitemap.xml', '/sitemap-pages.xml', '/api/content']
  for (const path of [...paths, '/api/blog?published=true', '/api/features', '/api/projects']) {
    // br: the gateway checks the service's bytes before compressing; identity: checked here too.
    const br = await fetch(origin + path, { headers: { 'accept-encoding': 'br' } })
    await br.arrayBuffer()
    t.equal(br.status, 200, `${path} (br): answered, the gateway found its tag right`)
    const res = await fetch(origin + path, { headers: { 'accept-encoding': 'identity' } })
    const etag = res.headers.get('etag')
    t.ok(etag?.startsWith('"'), `${path} has a strong ETag`)
    t.equal(etag, etagOf(Buffer.from(await res.arrayBuffer())), `${path}: the tag is the body's hash`)
  }
})
