// @tier services
// Stored files are found, read and deleted by `_id` (gridfs.ts): FerretDB's SQLite handler scans
// the whole collection for any other filter, so the driver's `{ files_id }` read grew with every
// byte stored, and a `{ filename }` lookup with every file. On the real server `npm test`
// provides, with the driver's commands watched.
import t from 'tap'
import { randomBytes } from 'node:crypto'
import mongoose from 'mongoose'
import { CHUNK_BYTES, deleteFile, findFile, putFile, readFile } from '../src/gridfs.js'
import { testEnv } from '../src/testing/index.js'

const env = testEnv('kitgridfs')
const client = new mongoose.mongo.MongoClient(env.MONGO_URL!, { monitorCommands: true })
await client.connect()
const db = client.db(env.MONGO_DB!)
t.teardown(async () => {
  await db.dropDatabase()
  await client.close()
})

/** The filters of the commands (find, delete, update, findAndModify) on `collection` while `fn` runs. */
async function findsOn(collection: string, fn: () => Promise<unknown>) {
  const filters: unknown[] = []
  const watch = (e: mongoose.mongo.CommandStartedEvent) => {
    const c = e.command
    if (c[e.commandName] !== collection) return
    if (e.commandName === 'find' || e.commandName === 'findAndModify') filters.push(c.filter ?? c.query)
    for (const op of [...(c.deletes ?? []), ...(c.updates ?? [])]) filters.push(op.q)
  }
  client.on('commandStarted', watch)
  try {
    await fn()
  } finally {
    client.off('commandStarted', watch)
  }
  return filters
}
const byIdOnly = (filters: unknown[]) =>
  filters.every((f) => typeof f === 'object' && f !== null && Object.keys(f).join() === '_id')

t.test('a file of three chunks is read back by chunk _id, never by files_id', async (t) => {
  const bytes = randomBytes(2 * CHUNK_BYTES + 1000)
  const id = await putFile(db, 'store', 'media/a.jpg', bytes, { contentType: 'image/jpeg' })
  const chunks = await db.collection('store.chunks').find({ files_id: id }).sort({ n: 1 }).toArray()
  t.same(
    chunks.map((c) => [c._id, c.n]),
    [0, 1, 2].map((n) => [`${id.toHexString()}.${n}`, n]),
    'chunk ids are <file id>.<n>',
  )

  const file = await findFile(db, 'store', 'media/a.jpg')
  t.match(file, { filename: 'media/a.jpg', length: bytes.length, metadata: { contentType: 'image/jpeg' } })
  let read: Buffer | undefined
  const filters = await findsOn('store.chunks', async () => (read = await readFile(db, 'store', file!)))
  t.ok(read!.equals(bytes), 'the same bytes')
  t.same(
    filters,
    [0, 1, 2].map((n) => ({ _id: `${id.toHexString()}.${n}` })),
    'one lookup by _id per chunk (what FerretDB pushes down)',
  )
  t.equal(await findFile(db, 'store', 'media/none.jpg'), null, 'an unknown name is null')
})

t.test('found by name, stored over and deleted with lookups by _id only', async (t) => {
  const first = await putFile(db, 'store', 'media/n.jpg', randomBytes(CHUNK_BYTES + 5), { v: 1 })
  const again = randomBytes(10)
  const watched: Record<string, unknown[]> = {}
  for (const c of ['store.files', 'store.chunks', 'store.names']) watched[c] = []
  const watch = async <T>(fn: () => Promise<T>) => {
    let out!: T
    const files = await findsOn('store.files', async () => {
      const chunks = await findsOn('store.chunks', async () => {
        const named = await findsOn('store.names', async () => (out = await fn()))
        watched['store.names']!.push(...named)
      })
      watched['store.chunks']!.push(...chunks)
    })
    watched['store.files']!.push(...files)
    return out
  }
  const second = await watch(() => putFile(db, 'store', 'media/n.jpg', again, { v: 2 }))
  const found = await watch(() => findFile(db, 'store', 'media/n.jpg'))
  t.match(found, { _id: second, metadata: { v: 2 } }, 'the newest under the name')
  t.ok((await readFile(db, 'store', found!)).equals(again))
  t.equal(await db.collection('store.files').countDocuments({ _id: first }), 0, 'the one stored over is gone')
  t.equal(await db.collection('store.chunks').countDocuments({ files_id: first }), 0, 'with its chunks')
  t.equal(await watch(() => findFile(db, 'store', 'media/unknown.jpg')), null, 'a miss')
  await watch(() => deleteFile(db, 'store', 'media/n.jpg'))
  await watch(() => deleteFile(db, 'store', 'media/unknown.jpg'))
  t.equal(await findFile(db, 'store', 'media/n.jpg'), null, 'deleted')
  t.equal(await db.collection('store.chunks').countDocuments({ files_id: second }), 0, 'with its chunks')
  t.equal(
    await db.collection('store.names').countDocuments({ _id: 'media/n.jpg' } as never),
    0,
    'and its name',
  )
  for (const [c, filters] of Object.entries(watched))
    t.ok(filters.length && byIdOnly(filters), `${c}: every filter is { _id } (${JSON.stringify(filters)})`)
})

t.test('the driver reads, and deletes, what putFile wrote', async (t) => {
  const bucket = new mongoose.mongo.GridFSBucket(db, { bucketName: 'store' })
  const ours = randomBytes(CHUNK_BYTES + 7)
  const id = await putFile(db, 'store', 'media/b.jpg', ours, {})
  const parts: Buffer[] = []
  for await (const p of bucket.openDownloadStream(id)) parts.push(p as Buffer)
  t.ok(Buffer.concat(parts).equals(ours), 'the driver reads it whole')
  await bucket.delete(id)
  t.equal(await db.collection('store.chunks').countDocuments({ files_id: id }), 0, 'deleted with its chunks')
  t.equal(await findFile(db, 'store', 'media/b.jpg'), null)
})

t.test('files the driver wrote before: named at the first use, read and deleted its way', async (t) => {
  // Another connection: the bucket is new to it, as to a process started after an upgrade.
  const other = new mongoose.mongo.MongoClient(env.MONGO_URL!)
  await other.connect()
  t.teardown(() => other.close())
  const legacy = other.db(env.MONGO_DB!)
  const bucket = new mongoose.mongo.GridFSBucket(legacy, { bucketName: 'legacy' })
  const write = (name: string, bytes: Buffer) =>
    new Promise<void>((resolve, reject) => {
      const up = bucket.openUploadStream(name)
      up.once('error', reject).once('finish', () => resolve())
      up.end(bytes)
    })
  const older = randomBytes(CHUNK_BYTES + 9)
  const newer = randomBytes(100)
  await write('media/c.jpg', older)
  await new Promise((r) => setTimeout(r, 5))
  await write('media/c.jpg', newer)
  const file = await findFile(legacy, 'legacy', 'media/c.jpg')
  t.ok(
    (await readFile(legacy, 'legacy', file!)).equals(newer),
    "the newest of the name, read the driver's way",
  )
  await deleteFile(legacy, 'legacy', 'media/c.jpg')
  t.equal(await findFile(legacy, 'legacy', 'media/c.jpg'), null, 'deleted')
  t.equal(
    await legacy.collection('legacy.chunks').countDocuments({ files_id: file!._id }),
    0,
    'with its chunks',
  )
})

t.test('an empty file, and a file missing a chunk', async (t) => {
  const id = await putFile(db, 'store', 'media/empty.jpg', Buffer.alloc(0), {})
  t.equal((await readFile(db, 'store', (await findFile(db, 'store', 'media/empty.jpg'))!)).length, 0)
  t.ok(id)
  const cut = await putFile(db, 'store', 'media/cut.jpg', randomBytes(CHUNK_BYTES * 2), {})
  await db.collection('store.chunks').deleteOne({ _id: `${cut.toHexString()}.1` } as never)
  await t.rejects(
    readFile(db, 'store', (await findFile(db, 'store', 'media/cut.jpg'))!),
    /chunk 1 .* missing/,
  )
})

t.test('a byte range reads only the chunks that hold it (a video player asks for many)', async (t) => {
  const bytes = randomBytes(4 * CHUNK_BYTES + 500)
  const id = await putFile(db, 'store', 'media/video.mp4', bytes, {})
  const file = (await findFile(db, 'store', 'media/video.mp4'))!
  const span = { start: CHUNK_BYTES + 10, end: 2 * CHUNK_BYTES + 20 }
  let part: Buffer | undefined
  const filters = await findsOn('store.chunks', async () => (part = await readFile(db, 'store', file, span)))
  t.ok(part!.equals(bytes.subarray(span.start, span.end + 1)), 'the bytes of the range')
  t.same(
    filters,
    [1, 2].map((n) => ({ _id: `${id.toHexString()}.${n}` })),
    'chunks 1 and 2 only, of 5',
  )
  const tail = await readFile(db, 'store', file, { start: bytes.length - 3, end: bytes.length - 1 })
  t.ok(tail.equals(bytes.subarray(-3)), 'the last bytes')

  // A file the driver wrote: its ranged download.
  const bucket = new mongoose.mongo.GridFSBucket(db, { bucketName: 'driven' })
  const theirs = randomBytes(CHUNK_BYTES * 2 + 50)
  await new Promise<void>((resolve, reject) => {
    const up = bucket.openUploadStream('media/old.mp4')
    up.once('error', reject).once('finish', () => resolve())
    up.end(theirs)
  })
  const old = (await findFile(db, 'driven', 'media/old.mp4'))!
  const mid = await readFile(db, 'driven', old, { start: CHUNK_BYTES - 5, end: CHUNK_BYTES + 5 })
  t.ok(mid.equals(theirs.subarray(CHUNK_BYTES - 5, CHUNK_BYTES + 6)), "the range, the driver's way")
})
