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
 * One group of keys (`<prefix>:<group>` and `<prefix>:<group>:*`, e.g. one BullMQ queue) dumped in
 * one script: Redis runs it atomically, so a queue is copied as of one instant (no job seen both
 * waiting and active, or in neither). The keys are found before, by SCAN in batches outside any
 * script (a SCAN inside one walks the whole keyspace while Redis serves nobody, issue 45); so
 * the script's work is the group's size. A job added between that SCAN and the script is named
 * in one of the queue's lists or sorted sets by then: the script takes `<group>:<id>` and its
 * sub-keys for every member it finds there, so no listed job is copied without its data.
 * KEYS: the group's keys; ARGV[1]: the group's base name. Returns key, type and DUMP payload of
 * each key without a TTL.
 */
const DUMP_GROUP = `
local out, seen = {}, {}
local function take(key)
  if seen[key] then return end
  seen[key] = true
  if redis.call('PTTL', key) == -1 then
    out[#out + 1] = key
    out[#out + 1] = redis.call('TYPE', key)['ok']
    out[#out + 1] = redis.call('DUMP', key)
  end
end
for _, key in ipairs(KEYS) do take(key) end
local base = ARGV[1]
for _, key in ipairs(KEYS) do
  local t = redis.call('TYPE', key)['ok']
  local members = {}
  if t == 'list' then members = redis.call('LRANGE', key, 0, -1)
  elseif t == 'zset' then members = redis.call('ZRANGE', key, 0, -1)
  elseif t == 'set' then members = redis.call('SMEMBERS', key) end
  for _, m in ipairs(members) do
    local job = base .. ':' .. m
    if not seen[job] and redis.call('EXISTS', job) == 1 then
      take(job)
      for _, sub in ipairs({ 'logs', 'dependencies', 'processed', 'failed', 'unsuccessful' }) do
        take(job .. ':' .. sub)
      end
    end
  end
end
return out`

export function connect(url) {
  return new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true })
}

/**
 * The keys under the prefix by group (the first segment after it), found by SCAN in batches: Redis
 * serves others between them.
 */
async function groups(redis, prefix) {
  const found = new Map()
  for await (const keys of redis.scanStream({ match: `${escapeGlob(prefix)}:*`, count: 1000 })) {
    for (const key of keys) {
      const group = key.slice(prefix.length + 1).split(':')[0]
      if (!found.has(group)) found.set(group, [])
      found.get(group).push(key)
    }
  }
  return [...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
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
  for (const [group, keys] of await groups(redis, prefix)) {
    if (group === 'sess' || group === 'user-sess' || group === LISTING) continue
    const base = `${prefix}:${group}`
    const flat = await redis.callBuffer('EVAL', DUMP_GROUP, keys.length, ...keys, base)
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
