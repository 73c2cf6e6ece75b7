// Whole MongoDB databases into and out of an archive: every collection with its options and
// indexes, then its documents in batches (GridFS buckets are collections like any other).
import { BSON } from 'mongodb'

/** Documents per archive record are cut at about this many bytes (a record stays far below 16 MB). */
const BATCH_BYTES = 4 * 1024 * 1024

/**
 * Order within a database: documents that refer to others were written after them, so referrers go
 * first and what they point at after (a post, then the GridFS file of its image; a file's `.files`
 * entry, written after its chunks, before the chunks): whatever a dumped document names was written
 * earlier and is in the archive too, unless it was deleted in the meantime.
 */
function rank(name) {
  if (name.endsWith('.chunks')) return 2
  if (name.endsWith('.files')) return 1
  return 0
}

export async function dumpDatabase(client, service, dbName, write) {
  const db = client.db(dbName)
  const infos = (await db.listCollections().toArray())
    .filter((c) => !c.name.startsWith('system.'))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))
  const counts = {}
  await write({ k: 'database', service, name: dbName })
  for (const info of infos) {
    const coll = db.collection(info.name)
    const indexes = info.type === 'view' ? [] : await coll.listIndexes().toArray()
    await write({
      k: 'collection',
      service,
      name: info.name,
      type: info.type ?? 'collection',
      options: info.options ?? {},
      indexes,
    })
    if (info.type === 'view') continue
    let batch = []
    let bytes = 0
    let n = 0
    const flush = async () => {
      if (batch.length) await write({ k: 'docs', service, coll: info.name, d: batch })
      batch = []
      bytes = 0
    }
    for await (const doc of coll.find({}, { batchSize: 1000 })) {
      const size = BSON.calculateObjectSize(doc)
      if (bytes + size > BATCH_BYTES) await flush()
      batch.push(doc)
      bytes += size
      n++
    }
    await flush()
    counts[info.name] = n
  }
  return counts
}

/** Names of the collections of `dbName` that hold documents. */
export async function nonEmptyCollections(client, dbName) {
  const db = client.db(dbName)
  const found = []
  for (const c of await db.listCollections({}, { nameOnly: true }).toArray()) {
    if (c.name.startsWith('system.')) continue
    if (await db.collection(c.name).findOne({}, { projection: { _id: 1 } })) found.push(c.name)
  }
  return found
}

/** Restores one archive record into the target databases (`databases`: service -> name). */
export async function restoreRecord(client, databases, record) {
  const dbName = databases[record.service]
  if (!dbName)
    throw new Error(
      `the archive holds the database of "${record.service}", which services.json does not list`,
    )
  const db = client.db(dbName)
  if (record.k === 'collection') {
    const { name, type, options, indexes } = record
    if (type === 'view') return db.createCollection(name, options)
    await db.createCollection(name, options)
    // One index per key: two processes of a service (blog and blog-worker) that ensure their
    // indexes at the same moment can leave FerretDB with the same key under two names, which a
    // restore must not refuse ("Identical index already exists" failed a CI run's restore).
    const keys = new Set()
    const specs = indexes
      .filter((i) => i.name !== '_id_')
      .filter((i) => !keys.has(JSON.stringify(i.key)) && keys.add(JSON.stringify(i.key)))
      // The server's own fields of a listed index are not options of a new one.
      .map(({ v: _v, ns: _ns, background: _bg, ...spec }) => spec)
    if (specs.length) await db.collection(name).createIndexes(specs)
  } else if (record.k === 'docs') {
    await db.collection(record.coll).insertMany(record.d, { ordered: false, bypassDocumentValidation: true })
  }
}
