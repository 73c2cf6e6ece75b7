// @tier services
// A process started before its database (a fresh cluster, where every pod may come up before
// MongoDB) becomes ready once the database answers, without a restart: mongoose gives up on a
// first connect that failed, so the kit tries again (mongo.ts). The database is the real server
// `npm test` provides, reached through a TCP relay that starts listening only later.
import t from 'tap'
import { createServer, connect, type Socket } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import mongoose from 'mongoose'
import { connectMongo, pingMongo } from '../src/index.js'
import { freePort, testEnv } from '../src/testing/index.js'

const env = testEnv('kitmongolate')

t.test('a first connect that failed is tried again until the database answers', async (t) => {
  const real = new URL(env.MONGO_URL!)
  const port = await freePort()
  const lateUrl = new URL(env.MONGO_URL!)
  lateUrl.host = `127.0.0.1:${port}`

  const conn = await connectMongo({ url: lateUrl.toString(), dbName: env.MONGO_DB! })
  t.equal(await pingMongo(conn), false, 'nothing answers yet: not ready')

  // The database "comes up": a relay to the real server starts listening on that port.
  const sockets: Socket[] = []
  const relay = createServer((client) => {
    const upstream = connect(Number(real.port || 27017), real.hostname)
    sockets.push(client, upstream)
    client.pipe(upstream).pipe(client)
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
  })
  await new Promise<void>((r) => relay.listen(port, '127.0.0.1', r))
  t.teardown(async () => {
    await conn.close()
    for (const s of sockets) s.destroy()
    await new Promise((r) => relay.close(r))
  })

  let ready = false
  for (let i = 0; i < 60 && !ready; i++) {
    ready = await pingMongo(conn)
    if (!ready) await delay(500)
  }
  t.ok(ready, 'ready once the database answers, without a restart')
  const Note = conn.model('LateNote', new mongoose.Schema({ text: String }))
  await Note.create({ text: 'written after a late start' })
  t.equal(await Note.countDocuments(), 1, 'reads and writes work on the reopened connection')
  await conn.db?.dropDatabase().catch(() => undefined)
})
