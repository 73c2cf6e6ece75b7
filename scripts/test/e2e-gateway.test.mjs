// @tier stack
// Black-box through the gateway, as the browser and a hostile client use the system: the real
// services from their builds, the spec's calls, and what must be refused.
import t from 'tap'
import sharp from 'sharp'
import { startStack } from '../lib/stack.mjs'

const stack = await startStack()
t.teardown(() => stack.stop())
stack.seedAdmin('admin', 'correct horse battery')
const origin = stack.url

async function call(path, { method = 'GET', json, cookie, headers = {}, body } = {}) {
  const h = { 'x-requested-with': 'XMLHttpRequest', ...headers }
  if (json !== undefined) h['content-type'] = 'application/json'
  if (cookie) h.cookie = cookie
  const res = await fetch(origin + path, {
    method,
    headers: h,
    body: json !== undefined ? JSON.stringify(json) : body,
    redirect: 'manual',
  })
  const text = await res.text()
  let data
  try {
    data = JSON.parse(text)
  } catch {
    data = text
  }
  return { status: res.status, headers: res.headers, data }
}

async function login() {
  const res = await call('/api/auth/login', {
    method: 'POST',
    json: { username: 'admin', password: 'correct horse battery' },
    headers: { origin },
  })
  const setCookie = res.headers.get('set-cookie') ?? ''
  return { res, setCookie, cookie: setCookie.split(';')[0] }
}

t.test('sign in through the gateway: cookie flags, current user, hostile attempts', async (t) => {
  t.equal((await call('/api/auth/user')).status, 401, 'signed out')
  const anon = await call('/api/content')
  t.notOk(anon.headers.get('set-cookie'), 'an anonymous visitor gets no cookie')

  const injected = await call('/api/auth/login', {
    method: 'POST',
    json: { username: { $ne: null }, password: { $ne: null } },
    headers: { origin },
  })
  t.equal(injected.status, 400, 'operator injection is a 400, never a login')

  const { res, setCookie, cookie } = await login()
  t.equal(res.status, 200)
  t.same(res.data.username, 'admin')
  t.match(setCookie, /HttpOnly/i)
  t.match(setCookie, /SameSite=(Lax|Strict)/i)
  t.equal((await call('/api/auth/user', { cookie })).data.username, 'admin')

  const crossSite = await call('/api/content', {
    method: 'POST',
    cookie,
    json: {},
    headers: { origin: 'https://evil.example' },
  })
  t.equal(crossSite.status, 403, 'a cross-origin write with the cookie is refused')
  const formPost = await fetch(origin + '/api/auth/logout', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'a=1',
  })
  t.equal(formPost.status, 403, 'a form-like post with the cookie is refused')
  t.equal((await call('/api/auth/user', { cookie })).status, 200, 'and did not log out')
})

t.test('content and project images through the gateway', async (t) => {
  const { cookie } = await login()
  const content = await call('/api/content')
  t.equal(content.status, 200)
  t.ok(content.data.title_nl, 'a fresh install has seeded content')
  const etag = content.headers.get('etag')
  t.ok(etag)
  const again = await fetch(origin + '/api/content', { headers: { 'if-none-match': etag } })
  t.equal(again.status, 304, 'ETag round trip through the gateway')

  t.equal(
    (await call('/api/projects', { method: 'POST', json: { title: 'x', description: 'y' } })).status,
    401,
    'anonymous write → 401',
  )

  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([png], { type: 'image/png' }), 'pic.png')
  const up = await fetch(origin + '/api/projects/upload', {
    method: 'POST',
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: form,
  })
  t.equal(up.status, 200)
  const { uploadURL } = await up.json()
  t.match(uploadURL, /^\/objects\//)
  const img = await fetch(origin + uploadURL)
  t.equal(img.status, 200)
  t.equal(img.headers.get('content-type'), 'image/png')
  t.match(img.headers.get('cache-control'), /immutable/)
  const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata()
  t.same([meta.width, meta.height], [64, 48], 'the served bytes are the image')

  const big = new FormData()
  big.append('file', new Blob([Buffer.alloc(10 * 1024 * 1024 + 1, 0xff)], { type: 'image/jpeg' }), 'big.jpg')
  const tooBig = await fetch(origin + '/api/projects/upload', {
    method: 'POST',
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: big,
  })
  t.equal(tooBig.status, 413, '10 MB + 1 byte is refused through the gateway')
  t.equal((await tooBig.json()).message, 'File size must be less than 10MB')

  const project = await call('/api/projects', {
    method: 'POST',
    cookie,
    json: { title: 'Demo', description: 'A demo project', image_url: uploadURL },
  })
  t.equal(project.status, 201)
  const list = await call('/api/projects')
  t.ok(
    list.data.items.some((p) => p.id === project.data.id && p.image_url === uploadURL),
    'listed publicly',
  )
  t.equal(list.data.total, list.data.items.length, 'one page holds them all')
  t.equal((await call(`/api/projects/${project.data.id}`, { method: 'DELETE', cookie })).status, 204)
  // Since the history with restore, a deleted project keeps its image while its history is kept
  // (services/content/test/projects.test.ts follows it to the sweep that removes both).
  t.equal(
    (await fetch(origin + uploadURL)).status,
    200,
    'a deleted project keeps its image while its history is',
  )
})

t.test('an unknown API path and the OpenAPI documents', async (t) => {
  const res = await call('/api/does-not-exist')
  t.equal(res.status, 404)
  t.equal(res.data.statusCode, 404)
})
