// @tier services
// An idle connection does not wake its process ten times a second: the driver's pools check their
// size every 100 ms unless the kit slows them (src/mongo.ts, slowPoolChecks). Counted, not timed:
// the timers an idle connection starts in two seconds, through async_hooks.
import t from 'tap'
import { createHook } from 'node:async_hooks'
import { connectMongo, POOL_CHECK_MS } from '../src/mongo.js'
import { testEnv } from '../src/testing/index.js'

const env = testEnv('kitidle')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

t.test('an idle connection starts about one timer a second, not ten', async (t) => {
  const conn = await connectMongo({ url: env.MONGO_URL!, dbName: env.MONGO_DB! })
  t.teardown(() => conn.close())
  await conn.db!.collection('probe').findOne({})
  await sleep(300)
  let timers = 0
  const hook = createHook({
    init: (_id, type) => {
      if (type === 'Timeout') timers++
    },
  }).enable()
  const windowMs = 2000
  await sleep(windowMs)
  hook.disable()
  // Our own sleep is one; the pool's checks at most windowMs / POOL_CHECK_MS (+1 in flight); the
  // server monitor's heartbeat and round-trip timers a few. At the driver's 100 ms: twenty more.
  const allowed = 1 + (windowMs / POOL_CHECK_MS + 1) + 4
  t.ok(timers <= allowed, `${timers} timers started in ${windowMs} ms (allowed ${allowed})`)
})
