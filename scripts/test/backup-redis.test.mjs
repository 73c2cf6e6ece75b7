// @tier services
// The backup's Redis copy (issue 45): keys are found by SCAN in batches outside any script, so Redis
// serves others while a large keyspace is walked; each group is still dumped as of one instant,
// and a job added between the SCAN and the script is copied with its data.
import t from 'tap'
import { Redis } from 'ioredis'
import { dumpRedis } from '../lib/backup/redis.mjs'

const redis = new Redis(process.env.REDIS_URL)
t.teardown(() => redis.disconnect())
const prefix = `backupredis${process.pid}`
const other = `${prefix}other`

const clear = async () => {
  for (const p of [prefix, other]) {
    const keys = await redis.keys(`${p}:*`)
    if (keys.length) await redis.del(...keys)
  }
}
t.before(async () => {
  await clear()
  await redis.hset(`${prefix}:q:1`, 'data', '{"a":1}')
  await redis.hset(`${prefix}:q:2`, 'data', '{"a":2}')
  await redis.rpush(`${prefix}:q:2:logs`, 'started')
  await redis.rpush(`${prefix}:q:wait`, '1', '2')
  await redis.set(`${prefix}:q:id`, '2')
  await redis.set(`${prefix}:q:2:lock`, 'token', 'PX', 60_000)
  await redis.sadd(`${prefix}:login-names`, 'x')
  await redis.set(`${prefix}:sess:abc`, '{}')
  // Someone else's keys in the same Redis: the walk must not hold Redis while it passes them.
  const pipe = redis.pipeline()
  for (let i = 0; i < 5000; i++) pipe.set(`${other}:k${i}`, 'v')
  await pipe.exec()
})
t.teardown(clear)

const dump = async (client = redis) => {
  const records = []
  await dumpRedis(client, prefix, async (r) => void records.push(r))
  return records.map((r) => `${r.key} ${r.type}`).sort()
}

t.test(
  'no SCAN runs inside a script; keys without a TTL are copied, sessions and locks are not',
  async (t) => {
    const monitor = await redis.monitor()
    t.teardown(() => monitor.disconnect())
    const fromScripts = []
    monitor.on('monitor', (_time, args, source) => {
      if (source === 'lua') fromScripts.push(String(args[0]).toLowerCase())
    })
    const keys = await dump()
    await new Promise((r) => setTimeout(r, 200)) // the monitor's lines arrive after the replies
    t.same(keys, ['login-names set', 'q:1 hash', 'q:2 hash', 'q:2:logs list', 'q:id string', 'q:wait list'])
    t.ok(fromScripts.includes('dump'), 'the monitor sees the script’s commands')
    t.notOk(fromScripts.includes('scan'), 'no SCAN inside a script')
  },
)

t.test('a job added between the SCAN and the script is copied with its data', async (t) => {
  // The same client, but a job arrives just before the group's script runs.
  const racing = new Proxy(redis, {
    get(target, name) {
      if (name !== 'callBuffer') return Reflect.get(target, name)
      return async (...args) => {
        if (args[0] === 'EVAL' && args.at(-1) === `${prefix}:q`) {
          await target.hset(`${prefix}:q:3`, 'data', '{"a":3}')
          await target.rpush(`${prefix}:q:wait`, '3')
        }
        return target.callBuffer(...args)
      }
    },
  })
  const keys = await dump(racing)
  t.ok(keys.includes('q:3 hash'), 'the new job’s data')
  t.ok(keys.includes('q:wait list'))
})
