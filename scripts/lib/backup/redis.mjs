// What Redis must keep, into and out of an archive. Kept: every key under the deployment's prefix
// that does not expire: BullMQ's queues (waiting, delayed, active, failed and completed jobs, their
// data, the repeatable and scheduled ones), the change stream, the set of login names. Left out:
// keys with a time to live (rate-limit and login counters, job locks, caches), the sessions,
// so every admin signs in again after a restore, and the lists' order (`<prefix>:listing:*`, the
// kit's Listing), which is derived from the databases: a restore drops it and the services build
// it again from what was restored. Keys move by DUMP/RESTORE, so each keeps its
// type and content exactly (RESTORE needs a Redis of the same or a newer version).
import { Redis } from 'ioredis'

/** Session keys: `<prefix>:sess:<id>` and the per-user index `<prefix>:user-sess:<user>`. */
const isSession = (rel) => rel.startsWith('sess:') || rel.startsWith('user-sess:')

/**
 * One group of keys (`<prefix>:<group>` and `<prefix>:<group>:*`, e.g. one BullMQ queue) read in one
 * script: Redis runs it atomically, so a queue is copied as of one instant (no job seen both waiting
 * and active, or in neither). Returns key, type and DUMP payload of each key without a TTL.
 */
const DUMP_GROUP = `
local out = {}
local function take(key)
  if redis.call('PTTL', key) == -1 then
    local t = redis.call('TYPE', key)['ok']
    out[#out + 1] = key
    out[#out + 1] = t
    out[#out + 1] = redis.call('DUMP', key)
  end
end
if redis.call('EXISTS', KEYS[1]) == 1 then take(KEYS[1]) end
local cursor = '0'
repeat
  local r = redis.call('SCAN', cursor, 'MATCH', ARGV[1], 'COUNT', 1000)
  cursor = r[1]
  for _, key in ipairs(r[2]) do take(key) end
until cursor == '0'
return out`

export function connect(url) {
  return new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true })
}

/** The groups under the prefix: the first segment after it. */
async function groups(redis, prefix) {
  const found = new Set()
  for await (const keys of redis.scanStream({ match: `${escapeGlob(prefix)}:*`, count: 1000 })) {
    for (const key of keys) found.add(key.slice(prefix.length + 1).split(':')[0])
  }
  return [...found].sort()
}

const escapeGlob = (s) => s.replace(/[*?[\]\\]/g, '\\$&')
const LISTING = 'listing'

/** Drops the lists' order the services keep in Redis: they build it again from the databases. */
export async function dropListings(redis, prefix) {
  let n = 0
  for await (const keys of redis.scanStream({ match: `${escapeGlob(prefix)}:${LISTING}:*`, count: 1000 }))
    if (keys.length) n += await redis.del(...keys)
  return n
}

export async function dumpRedis(redis, prefix, write) {
  const counts = { keys: 0, skipped: 0 }
  for (const group of await groups(redis, prefix)) {
    if (group === 'sess' || group === 'user-sess' || group === LISTING) continue
    const base = `${prefix}:${group}`
    const flat = await redis.callBuffer('EVAL', DUMP_GROUP, 1, base, `${escapeGlob(base)}:*`)
    for (let i = 0; i < flat.length; i += 3) {
      const rel = flat[i].toString().slice(prefix.length + 1)
      if (isSession(rel)) continue
      await write({ k: 'redis', key: rel, type: flat[i + 1].toString(), v: flat[i + 2] })
      counts.keys++
    }
  }
  return counts
}

export async function restoreRedisKey(redis, prefix, record) {
  await redis.restore(`${prefix}:${record.key}`, 0, Buffer.from(record.v.buffer ?? record.v), 'REPLACE')
}

/** Deletes every key under the prefix (restore --drop). */
export async function dropPrefix(redis, prefix) {
  let n = 0
  for await (const keys of redis.scanStream({ match: `${escapeGlob(prefix)}:*`, count: 1000 })) {
    if (keys.length) n += await redis.del(...keys)
  }
  return n
}
