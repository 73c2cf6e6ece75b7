// @tier unit
import t from 'tap'
import { ReadCache } from '../src/read-cache.js'

// The paged lists make the key space large (page × pageSize × slug): the cache must stay bounded.
t.test('ReadCache keeps at most maxEntries answers, the oldest go first', async (t) => {
  const cache = new ReadCache({ ttlMs: 60_000, maxEntries: 3 })
  let loads = 0
  const load = (v: string) => async () => {
    loads++
    return { v }
  }
  for (const k of ['a', 'b', 'c', 'd']) await cache.get(k, load(k))
  t.equal(cache.size, 3)
  t.equal(loads, 4)
  t.equal((await cache.get('d', load('d'))).body, '{"v":"d"}')
  t.equal(loads, 4, 'a kept answer is served without loading')
  await cache.get('a', load('a'))
  t.equal(loads, 5, 'the oldest answer was dropped')
  t.equal(cache.size, 3)
})

t.test('ReadCache: a per-read max age, ETags, and clearing', async (t) => {
  const cache = new ReadCache({ ttlMs: 0 })
  let n = 0
  const load = async () => ({ n: ++n })
  const first = await cache.get('k', load, Number.POSITIVE_INFINITY)
  t.match(first.etag, /^"[\w-]{32}"$/)
  t.equal(
    (await cache.get('k', load, Number.POSITIVE_INFINITY)).etag,
    first.etag,
    'kept while the caller says it is current',
  )
  t.not((await cache.get('k', load)).etag, first.etag, 'the TTL (0) applies otherwise')
  cache.clearLocal()
  t.equal(cache.size, 0)
})
