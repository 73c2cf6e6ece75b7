// @tier services
// The change log against the real servers `npm test` provides: a record is kept, announced on the
// purge channel and the change stream, a revision keeps its snapshot, a lost Redis leaves the
// record to the relay, and the sweep bounds what stays.
import t, { type Test } from 'tap'
import { Redis } from 'ioredis'
import { changeStream, purgeChannel, type PurgeMessage } from '@site/contracts'
import { connectMongo, createRedis, silentLog } from '../src/index.js'
import { ChangeLog } from '../src/changes/index.js'
import { testEnv } from '../src/testing/index.js'

const env = testEnv('kitchanges')
const prefix = env.QUEUE_PREFIX!

async function setup(t: Test, redisUrl = env.REDIS_URL!) {
  const db = await connectMongo({ url: env.MONGO_URL!, dbName: env.MONGO_DB! })
  let redis = createRedis(redisUrl)
  const log = new ChangeLog({
    db,
    redis: () => redis,
    prefix,
    service: 'kit',
    log: silentLog,
    limits: { revisionsPerTarget: 3 },
  })
  await log.model.init()
  t.teardown(async () => {
    redis.disconnect()
    await db.dropDatabase().catch(() => undefined)
    await db.close()
  })
  return { db, log, useRedis: (url: string) => (redis.disconnect(), (redis = createRedis(url))) }
}

async function waitReady(redis: Redis) {
  for (let i = 0; i < 50 && redis.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 20))
}

t.test('a record is kept, its keys published for purging and the record added to the stream', async (t) => {
  const { log } = await setup(t)
  const sub = new Redis(env.REDIS_URL!)
  t.teardown(() => sub.disconnect())
  const heard: PurgeMessage[] = []
  sub.on('message', (_c, m: string) => heard.push(JSON.parse(m) as PurgeMessage))
  await sub.subscribe(purgeChannel(prefix))

  const record = await log.afterWrite({
    kind: 'post',
    action: 'update',
    target: { id: 'p1', label: 'Hello' },
    before: { title: 'Hi', body: 'x', updated_at: '2026-01-01T00:00:00.000Z' },
    snapshot: { title: 'Hello', body: 'x', updated_at: '2026-02-01T00:00:00.000Z' },
    actor: { id: 'u1', name: 'admin' },
    ip: '10.0.0.9',
  })
  t.same(record.fields, ['title'], 'the fields that changed, bookkeeping left out')
  t.same(record.keys, ['post:p1', 'posts'], 'the post and its lists')
  t.equal(record.revision, true)
  for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
  t.same(heard, [{ id: record.id, keys: ['post:p1', 'posts'] }], 'every gateway hears the keys')

  const reader = new Redis(env.REDIS_URL!)
  t.teardown(() => reader.disconnect())
  const entries = await reader.xrange(changeStream(prefix), '-', '+')
  const last = JSON.parse(entries.at(-1)![1][1]!) as typeof record
  t.same(last, record, 'the stream carries the whole record (no snapshot)')

  const history = await log.history('post', 'p1')
  t.same(
    history.map((r) => [r.action, r.actor.name]),
    [
      ['update', 'admin'],
      ['baseline', 'unknown'],
    ],
    'the state before the first recorded write is kept as a baseline',
  )
  const baseline = await log.revision('post', 'p1', history[1]!.id)
  t.equal(baseline?.snapshot.title, 'Hi', 'the baseline restores the earlier text')
  t.equal(await log.revision('post', 'other', history[0]!.id), null, 'a revision belongs to its document')
  t.equal(await log.revision('post', 'p1', 'not-an-id'), null)
})

t.test('Redis away: the record waits in the outbox and the relay announces it', async (t) => {
  const { log, useRedis } = await setup(t, 'redis://127.0.0.1:1')
  const record = await log.afterWrite({
    kind: 'page',
    action: 'create',
    target: { id: 'g1' },
    snapshot: { a: 1 },
  })
  t.equal((await log.model.findById(record.id).lean())?.relayed, false, 'kept, not yet announced')
  const redis = useRedis(env.REDIS_URL!)
  await waitReady(redis)
  await log.model.updateOne({ _id: record.id }, { $set: { at: new Date(Date.now() - 10_000) } })
  t.equal(await log.relay(), 1, 'the relay announces the waiting record')
  t.equal((await log.model.findById(record.id).lean())?.relayed, true)
  const entries = await redis.xrange(changeStream(prefix), '-', '+')
  t.ok(entries.some(([, f]) => (JSON.parse(f[1]!) as { id: string }).id === record.id))
  t.equal(await log.relay(), 0, 'nothing is announced twice')
})

t.test(
  'a write keeps the newest revisions of its document; the sweep forgets old announcements',
  async (t) => {
    const { log } = await setup(t)
    for (let i = 0; i < 5; i++)
      await log.afterWrite({ kind: 'feature', action: 'update', target: { id: 'f1' }, snapshot: { n: i } })
    await log.afterWrite({ kind: 'account', action: 'sign-in', target: { id: 'u1' } })
    await log.afterWrite({ kind: 'project', action: 'delete', target: { id: 'x1' } })
    await log.afterWrite({ kind: 'project', action: 'create', target: { id: 'x2' }, snapshot: { n: 1 } })
    const later = new Date(Date.now() + 40 * 24 * 3600 * 1000)
    t.equal(
      await log.model.countDocuments({ target_id: 'f1' }),
      3,
      'two revisions over the bound of three went',
    )
    await log.sweep(later)
    const kept = await log.history('feature', 'f1')
    t.same(
      await Promise.all(kept.map(async (r) => (await log.revision('feature', 'f1', r.id))?.snapshot.n)),
      [4, 3, 2],
      'the newest three stay, newest first',
    )
    t.equal(await log.model.countDocuments({ kind: 'account' }), 0, 'an old sign-in record goes')
    t.equal(
      await log.model.countDocuments({ target_id: 'x1' }),
      0,
      'a long-deleted document loses its history',
    )
    t.equal(await log.model.countDocuments({ target_id: 'x2' }), 1, 'a live document keeps its revision')
  },
)
