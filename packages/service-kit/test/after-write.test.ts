// @tier services
// The one after-write path (design: "Changes are first-class"), against the real servers `npm test`
// provides: a write forgets every read layer (this process's at once, every replica's through the
// service's read version), then is recorded, then announced; so a gateway that hears the purge and
// asks again gets the new answer from any replica. Only an edit that keeps its document public
// lets the old answer stand in (`stale`); the relay, announcing what a lost Redis kept back, makes
// the replicas forget first too.
import t, { type Test } from 'tap'
import { Redis } from 'ioredis'
import { purgeChannel, type PurgeMessage } from '@site/contracts'
import { connectMongo, createRedis, readVersionKey, ReadCache, silentLog } from '../src/index.js'
import { ChangeLog } from '../src/changes/index.js'
import { listenForPurges, testEnv } from '../src/testing/index.js'

const env = testEnv('kitafterwrite')
const prefix = env.QUEUE_PREFIX!

async function setup(t: Test, redisUrl = env.REDIS_URL!) {
  const db = await connectMongo({ url: env.MONGO_URL!, dbName: env.MONGO_DB! })
  let redis = createRedis(redisUrl)
  const log = new ChangeLog({ db, redis: () => redis, prefix, service: 'kit', log: silentLog })
  await log.model.init()
  // Two replicas' read caches of the same service: `here` in the writing process, `there` elsewhere.
  const replica = createRedis(env.REDIS_URL!)
  // Until it is ready a cache cannot ask the version (it trusts its TTL, then forgets once it can).
  for (let i = 0; i < 100 && replica.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 20))
  const version = { redis: () => replica, key: readVersionKey(prefix, 'kit') }
  const here = new ReadCache({ ttlMs: 600_000, version })
  const there = new ReadCache({ ttlMs: 600_000, version })
  log.forgets(here)
  t.teardown(async () => {
    redis.disconnect()
    replica.disconnect()
    await db.dropDatabase().catch(() => undefined)
    await db.close()
  })
  return { log, here, there, useRedis: (url: string) => (redis.disconnect(), (redis = createRedis(url))) }
}

/** The value a cache answers for `k`, loading `now` when it has none (or forgot it). */
const read = async (cache: ReadCache, now: string) =>
  JSON.parse((await cache.get('k', async () => ({ v: now }))).body) as { v: string }

t.test('a write forgets every replica before its purge goes out', async (t) => {
  const { log, here, there } = await setup(t)
  t.equal((await read(here, 'old')).v, 'old')
  t.equal((await read(there, 'old')).v, 'old')
  t.equal((await read(there, 'new')).v, 'old', 'kept while nothing was written')

  // A gateway: on the purge it asks again at once, from the other replica.
  const sub = new Redis(env.REDIS_URL!)
  t.teardown(() => sub.disconnect())
  const answered: string[] = []
  sub.on('message', (_c, raw: string) => {
    const { keys } = JSON.parse(raw) as PurgeMessage
    if (keys.includes('post:p1')) void read(there, 'new').then((r) => answered.push(r.v))
  })
  await sub.subscribe(purgeChannel(prefix))

  const written = log.afterWrite({ kind: 'post', action: 'update', target: { id: 'p1' } })
  t.equal((await read(here, 'new')).v, 'new', "the writer's own cache forgot before the record was kept")
  await written
  for (let i = 0; i < 100 && !answered.length; i++) await new Promise((r) => setTimeout(r, 20))
  t.same(answered, ['new'], 'asked again on the purge, the other replica answers the new state')
})

t.test('stale only for an edit that keeps its document public', async (t) => {
  const { log } = await setup(t)
  const purges = await listenForPurges(env.REDIS_URL!, prefix)
  t.teardown(() => purges.close())
  const target = { id: 'p2' }
  await log.afterWrite({ kind: 'post', action: 'update', target, staysPublic: true })
  t.equal((await purges.next()).stale, true, 'a title edit of a published post')
  await log.afterWrite({ kind: 'post', action: 'update', target })
  t.notOk((await purges.next()).stale, 'an edit that does not say so (a draft, or unknown)')
  await log.afterWrite({ kind: 'post', action: 'unpublish', target, staysPublic: true })
  t.notOk((await purges.next()).stale, 'an unpublish never, whatever it says')
  await log.afterWrite({ kind: 'post', action: 'delete', target, staysPublic: true })
  t.notOk((await purges.next()).stale, 'a delete never')
})

t.test('Redis away: the relay makes the replicas forget, then announces', async (t) => {
  const { log, there, useRedis } = await setup(t, 'redis://127.0.0.1:1')
  t.equal((await read(there, 'old')).v, 'old')
  const record = await log.afterWrite({ kind: 'page', action: 'update', target: { id: 'g1' } })
  t.equal((await read(there, 'new')).v, 'old', 'not announced yet: the replica does not know')
  const redis = useRedis(env.REDIS_URL!)
  for (let i = 0; i < 50 && redis.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 20))
  await log.model.updateOne({ _id: record.id }, { $set: { at: new Date(Date.now() - 10_000) } })
  t.equal(await log.relay(), 1)
  t.equal((await read(there, 'new')).v, 'new', 'the relayed announcement made it forget')
})

t.test('a write that touches no public answer forgets nothing', async (t) => {
  const { log, there } = await setup(t)
  t.equal((await read(there, 'old')).v, 'old')
  await log.afterWrite({ kind: 'account', action: 'sign-in', target: { id: 'u1' } })
  t.equal((await read(there, 'new')).v, 'old', 'a sign-in keeps the read caches')
})
