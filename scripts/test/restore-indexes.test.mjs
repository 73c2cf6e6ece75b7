// @tier services
// A restore takes an archive whose collection lists one key under two index names (two processes of
// a service ensured their indexes at one moment; FerretDB kept both): one index per key, no refusal.
import t from 'tap'
import { MongoClient } from 'mongodb'
import { restoreRecord } from '../lib/backup/mongo.mjs'

const client = await MongoClient.connect(process.env.MONGO_URL)
t.teardown(() => client.close())

t.test('one key under two index names restores as one index', async (t) => {
  const dbName = `restore_indexes_${process.pid}`
  t.teardown(() => client.db(dbName).dropDatabase())
  const byDate = { created_at: -1, _id: -1 }
  await restoreRecord(
    client,
    { blog: dbName },
    {
      k: 'collection',
      service: 'blog',
      name: 'blog_posts',
      type: 'collection',
      options: {},
      indexes: [
        { v: 2, key: { _id: 1 }, name: '_id_' },
        { v: 2, key: byDate, name: 'created_at_-1__id_-1' },
        { v: 2, key: byDate, name: 'created_at_-1__id_-1_again' },
        { v: 2, key: { slug: 1 }, name: 'slug_1', unique: true },
      ],
    },
  )
  const listed = await client.db(dbName).collection('blog_posts').listIndexes().toArray()
  t.same(listed.map((i) => i.name).sort(), ['_id_', 'created_at_-1__id_-1', 'slug_1'])
  t.equal(listed.find((i) => i.name === 'slug_1')?.unique, true, 'options kept')
})
