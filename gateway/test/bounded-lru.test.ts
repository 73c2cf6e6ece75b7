// @tier unit
// The gateway's bounded store: every entry costs its key, its value and a fixed overhead; the total
// and the count have ceilings; the least recently used go first.
import t from 'tap'
import { BoundedLru, ENTRY_OVERHEAD_BYTES } from '../src/cache/bounded-lru.js'
import { CACHE_DEFAULT_BYTES, cacheBudget } from '../src/cache/shared-cache.js'

const bytes = (n: number) => Buffer.alloc(n)
const store = (maxBytes: number, maxEntries = 1000, maxEntryBytes = maxBytes) =>
  new BoundedLru<Buffer>({ maxBytes, maxEntries, maxEntryBytes }, (b) => b.length)
/** What an entry with a one-character key and `n` value bytes is counted at. */
const cost = (n: number) => 2 + n + ENTRY_OVERHEAD_BYTES

t.test('keys and the per-entry overhead count, not only the values', async (t) => {
  const lru = store(100_000)
  const key = 'k'.repeat(12 * 1024)
  lru.set(key, bytes(100))
  t.same(lru.size, { entries: 1, bytes: 2 * key.length + 100 + ENTRY_OVERHEAD_BYTES })
  // The attack of issue 29: distinct 12 KB keys for tiny values. They cannot pile up.
  for (let i = 0; i < 1000; i++) lru.set(`${i}${key}`, bytes(10))
  t.ok(lru.size.bytes <= 100_000, `bounded: ${lru.size.bytes} bytes counted`)
  t.equal(lru.size.entries, 3, 'only as many 12 KB keys as fit in 100 KB')
})

t.test('least recently used out first; a read counts as use', async (t) => {
  const lru = store(4 * cost(300))
  for (const k of ['a', 'b', 'c']) lru.set(k, bytes(300))
  t.ok(lru.get('a'), 'a used again: now the most recent')
  lru.set('d', bytes(300))
  lru.set('e', bytes(300))
  t.notOk(lru.get('b'), 'b, the least recently used, went first')
  t.ok(lru.get('a') && lru.get('c') && lru.get('d') && lru.get('e'))
  t.same(lru.size, { entries: 4, bytes: 4 * cost(300) })
})

t.test('a ceiling on the count as well as on the bytes', async (t) => {
  const lru = store(1_000_000, 3)
  for (const k of ['a', 'b', 'c', 'd']) lru.set(k, bytes(1))
  t.same(lru.size, { entries: 3, bytes: 3 * cost(1) })
  t.notOk(lru.get('a'), 'the oldest went for the fourth')
})

t.test('an entry over its own bound is not kept, and replacing gives the old bytes back', async (t) => {
  const lru = store(10_000, 100, cost(400))
  t.equal(lru.set('a', bytes(400)), true)
  t.equal(lru.set('big', bytes(401)), false, 'over the per-entry bound')
  t.notOk(lru.get('big'))
  lru.set('a', bytes(100))
  t.same(lru.size, { entries: 1, bytes: cost(100) }, 'a replaced entry gives its bytes back')
  t.equal(lru.set('a', bytes(401)), false)
  t.same(lru.size, { entries: 0, bytes: 0 }, 'and a replacement too big to keep drops the old one')
  lru.set('b', bytes(10))
  lru.delete('b')
  lru.clear()
  t.same(lru.size, { entries: 0, bytes: 0 })
})

t.test('the store is sized from the configuration or the memory limit', async (t) => {
  const MB = 1024 * 1024
  t.equal(cacheBudget({ CACHE_MAX_MB: 3, MEMORY_LIMIT_MB: 256 }), 3 * MB, 'a set budget wins')
  t.equal(cacheBudget({ CACHE_MAX_MB: 0 }), 0, '0 keeps none')
  t.equal(cacheBudget({ MEMORY_LIMIT_MB: 256 }), 32 * MB, '1/8 of the container limit')
  t.equal(cacheBudget({ MEMORY_LIMIT_MB: 1024 }), 128 * MB)
  t.equal(cacheBudget({}), CACHE_DEFAULT_BYTES, 'a local process without a limit')
})
