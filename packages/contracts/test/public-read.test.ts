// @tier unit
// The one way a process reads another service's public API: deadline, 404 as null, lists as a page or an array.
import t from 'tap'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fetchPublicRead, listItems, listPage, UpstreamError } from '../src/public-read.ts'

const server = createServer((req, res) => {
  const answer = (status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(body)
  }
  if (req.url === '/ok') return answer(200, '{"items":[1,2],"page":1,"pageSize":2,"total":5}')
  if (req.url === '/missing') return answer(404, '{"message":"none"}')
  if (req.url === '/broken') return answer(500, '{}')
  if (req.url === '/refused') return answer(400, '{"message":"bad token"}')
  if (req.url === '/busy') return answer(429, '{"message":"slow down"}')
  if (req.url === '/text') return answer(200, 'not json')
  // /slow: never answers
})
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
t.teardown(() => {
  server.closeAllConnections()
  server.close()
})
const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`

t.test('an answer, a 404 and the failures', async (t) => {
  t.same(await fetchPublicRead(url('/ok'), { timeoutMs: 2000 }), {
    items: [1, 2],
    page: 1,
    pageSize: 2,
    total: 5,
  })
  t.equal(await fetchPublicRead(url('/missing'), { timeoutMs: 2000, notFoundIsNull: true }), null)
  await t.rejects(fetchPublicRead(url('/missing'), { timeoutMs: 2000 }), UpstreamError)
  await t.rejects(fetchPublicRead(url('/broken'), { timeoutMs: 2000 }), {
    name: 'UpstreamError',
    message: /500/,
  })
  await t.rejects(fetchPublicRead(url('/text'), { timeoutMs: 2000 }), UpstreamError)
  await t.rejects(fetchPublicRead(url('/slow'), { timeoutMs: 200 }), UpstreamError, 'the deadline')
  await t.rejects(fetchPublicRead('http://127.0.0.1:1/none', { timeoutMs: 2000 }), UpstreamError, 'refused')
  const gone = new AbortController()
  const read = fetchPublicRead(url('/slow'), { timeoutMs: 60000, signal: gone.signal })
  gone.abort()
  await t.rejects(read, UpstreamError, 'the caller gave up')
})

t.test('a refusal (a 4xx) is "no such thing", never an outage', async (t) => {
  t.equal(
    await fetchPublicRead(url('/refused'), { timeoutMs: 2000, notFoundIsNull: true }),
    null,
    'a 400 of a read that may find nothing: nothing found',
  )
  await t.rejects(
    fetchPublicRead(url('/refused'), { timeoutMs: 2000 }),
    { name: 'UpstreamError', status: 400, refused: true },
    'a 400 of a list read: a refusal the page answers with its 404',
  )
  await t.rejects(
    fetchPublicRead(url('/busy'), { timeoutMs: 2000, notFoundIsNull: true }),
    { name: 'UpstreamError', status: 429, refused: false },
    'a 429 says "try again": no refusal of the request itself',
  )
  await t.rejects(fetchPublicRead(url('/broken'), { timeoutMs: 2000 }), { status: 500, refused: false })
  await t.rejects(fetchPublicRead('http://127.0.0.1:1/none', { timeoutMs: 2000 }), {
    status: null,
    refused: false,
  })
})

t.test('lists: a page or a plain array', async (t) => {
  t.same(listItems({ items: ['a'], total: 1 }), ['a'])
  t.same(listItems(['a', 'b']), ['a', 'b'])
  t.same(listItems(null), [])
  t.same(listItems({ items: 'no' }), [])
  t.same(listPage(['a', 'b', 'c'], 2, 2), { items: ['c'], page: 2, pageSize: 2, total: 3 })
  t.same(listPage({ items: ['x'], page: 3, pageSize: 1, total: 9 }, 1, 12), {
    items: ['x'],
    page: 3,
    pageSize: 1,
    total: 9,
  })
  t.same(listPage({}, 1, 12), { items: [], page: 1, pageSize: 12, total: 0 })
})
