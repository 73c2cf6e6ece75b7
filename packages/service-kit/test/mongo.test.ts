// @tier services
// The kit against the real MongoDB-compatible server `npm test` provides (FerretDB here, MongoDB
// elsewhere): a model with a unique index, CRUD, duplicates as 409, and each design §3 workaround.
import t from 'tap'
import mongoose, { Schema } from 'mongoose'
import { createService, Type } from '../src/index.js'
import { testEnv } from '../src/testing/index.js'

const env = testEnv('kitmongo')

t.test('a service with a model: CRUD, unique index, 409 on duplicates', async (t) => {
  const app = await createService({
    name: 'kitmongo',
    config: {
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'loopback',
      MONGO_URL: env.MONGO_URL!,
      MONGO_DB: env.MONGO_DB!,
    },
    routes: async (app) => {
      const Item = app.db.model(
        'Item',
        new Schema({
          name: { type: String, required: true },
          key: { type: String, required: true, unique: true },
          n: Number,
        }),
      )
      await Item.init()
      app.post(
        '/items',
        { schema: { body: Type.Object({ name: Type.String(), key: Type.String() }) } },
        async (req, reply) => {
          const doc = await Item.create(req.body)
          return reply.code(201).send({ id: String(doc._id) })
        },
      )
      app.get('/items/:key', { schema: { params: Type.Object({ key: Type.String() }) } }, async (req) => {
        const doc = await Item.findOne({ key: (req.params as { key: string }).key }).lean()
        return doc ?? { missing: true }
      })
    },
  })
  t.teardown(async () => {
    await app.db.dropDatabase().catch(() => undefined)
    await app.close()
  })

  const created = await app.inject({ method: 'POST', url: '/items', payload: { name: 'A', key: 'a' } })
  t.equal(created.statusCode, 201)
  const dup = await app.inject({ method: 'POST', url: '/items', payload: { name: 'B', key: 'a' } })
  t.equal(dup.statusCode, 409, 'duplicate key answers 409')
  t.equal(dup.json().code, 'DUPLICATE')
  const invalid = await app.inject({ method: 'POST', url: '/items', payload: { name: 'C' } })
  t.equal(invalid.statusCode, 400)
  t.match(invalid.json(), { statusCode: 400, error: 'Bad Request', message: /key/ })

  // An operator smuggled in as a value is a plain string to the query, never a filter.
  const injected = await app.inject({ method: 'GET', url: '/items/%7B%22%24ne%22%3Anull%7D' })
  t.same(injected.json(), { missing: true })

  const Item = app.db.model('Item')
  await Item.updateOne({ key: 'a' }, { $set: { name: 'A2' }, $inc: { n: 2 } })
  t.match(await Item.findOne({ key: 'a' }).lean(), { name: 'A2', n: 2 })
  await Item.deleteOne({ key: 'a' })
  t.equal(await Item.countDocuments(), 0)

  const ready = await app.inject({ method: 'GET', url: '/readyz' })
  t.equal(ready.statusCode, 200)
  t.same(ready.json().checks, { mongo: true })
})

t.test('design §3 workarounds hold on this server', async (t) => {
  const conn = await mongoose
    .createConnection(env.MONGO_URL!, { dbName: `${env.MONGO_DB}_w`, bufferCommands: false })
    .asPromise()
  t.teardown(async () => {
    await conn.dropDatabase().catch(() => undefined)
    await conn.close()
  })

  // Instead of a TTL index: a sweep deletes what is older than the cutoff.
  const Event = conn.model('Event', new Schema({ at: Date }))
  const now = Date.now()
  await Event.insertMany([{ at: new Date(now - 60_000) }, { at: new Date(now) }])
  await Event.deleteMany({ at: mongoose.trusted({ $lt: new Date(now - 30_000) }) })
  t.equal(await Event.countDocuments(), 1, 'sweep removed the expired document')

  // Instead of a collation: a normalized key with a unique index.
  const User = conn.model(
    'User',
    new Schema({ username: String, username_key: { type: String, unique: true } }),
  )
  await User.init()
  await User.create({ username: 'Admin', username_key: 'admin' })
  await t.rejects(User.create({ username: 'ADMIN', username_key: 'admin' }), { code: 11000 })

  // Instead of $push with $slice: trim in code.
  const Conv = conn.model('Conv', new Schema({ turns: [String] }))
  const c = await Conv.create({ turns: [] })
  for (let i = 0; i < 5; i++) {
    const doc = await Conv.findById(c._id)
    doc!.turns.push(`t${i}`)
    doc!.turns = doc!.turns.slice(-3) as never
    await doc!.save()
  }
  t.same((await Conv.findById(c._id).lean())!.turns, ['t2', 't3', 't4'])

  // Sparse unique index: many documents without the field, unique among those with it.
  const Post = conn.model('Post', new Schema({ ext: { type: String, unique: true, sparse: true } }))
  await Post.init()
  await Post.create([{}, {}, { ext: 'x' }])
  await t.rejects(Post.create({ ext: 'x' }), { code: 11000 })

  // Aggregation instead of $lookup: $match/$group/$sort.
  const counts = await Post.aggregate([
    { $match: { ext: { $exists: false } } },
    { $group: { _id: null, n: { $sum: 1 } } },
  ])
  t.same(counts, [{ _id: null, n: 2 }])

  // Case-insensitive search without a collation: a regex on the normalized key.
  t.equal(await User.countDocuments({ username_key: mongoose.trusted({ $regex: '^adm', $options: 'i' }) }), 1)
})

t.test('a unique clash on update is a duplicate too (FerretDB reports it differently)', async (t) => {
  const { isDuplicateKey, onDuplicateKey, conflict } = await import('../src/errors.js')
  const conn = await mongoose
    .createConnection(env.MONGO_URL!, { dbName: `${env.MONGO_DB}_u`, bufferCommands: false })
    .asPromise()
  t.teardown(async () => {
    await conn.dropDatabase().catch(() => undefined)
    await conn.close()
  })
  const Slug = conn.model('Slug', new Schema({ slug: { type: String, unique: true } }))
  await Slug.init()
  await Slug.create([{ slug: 'a' }, { slug: 'b' }])
  const err = await Slug.updateOne({ slug: 'b' }, { $set: { slug: 'a' } }).then(
    () => null,
    (e: unknown) => e,
  )
  t.ok(err, 'the update is refused')
  t.ok(isDuplicateKey(err), 'and recognized as a duplicate')
  const named = conflict('taken', 'SLUG_TAKEN')
  await t.rejects(
    Slug.findOneAndUpdate({ slug: 'b' }, { $set: { slug: 'a' } }).catch(onDuplicateKey(named)),
    named,
    'onDuplicateKey names the clash',
  )
  const other = new Error('other')
  await t.rejects(
    Promise.reject(other).catch(onDuplicateKey(named)),
    other,
    'any other failure goes on as it was',
  )
})
