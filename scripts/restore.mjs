// `npm run restore ARCHIVE [-- --drop] [--databases PATTERN] [--prefix PREFIX]`: puts an archive of
// `npm run backup` back into MongoDB and Redis. The target databases must hold no documents (an
// empty stack: stop the services, or restore before their first start) unless --drop, which first
// deletes the target databases and every key under the prefix. Docs: docs/operations.md.
import { parseArgs } from 'node:util'
import { MongoClient } from 'mongodb'
import { archiveRecords } from './lib/backup/archive.mjs'
import { nonEmptyCollections, restoreRecord } from './lib/backup/mongo.mjs'
import { connect, dropListings, dropPrefix, restoreRedisKey } from './lib/backup/redis.mjs'
import { resolveTarget } from './lib/backup/target.mjs'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { drop: { type: 'boolean' }, databases: { type: 'string' }, prefix: { type: 'string' } },
})
const say = (m) => process.stderr.write(`[restore] ${m}\n`)
if (positionals.length !== 1) {
  say('usage: npm run restore ARCHIVE [-- --drop] [--databases PATTERN] [--prefix PREFIX]')
  process.exit(2)
}
const [file] = positionals
let target
try {
  target = resolveTarget(values)
} catch (err) {
  say(err.message)
  process.exit(2)
}

const started = Date.now()
const mongo = new MongoClient(target.mongoUrl, { serverSelectionTimeoutMS: 10000 })
const redis = connect(target.redisUrl)
try {
  await Promise.all([mongo.connect(), redis.connect()])
  const full = Object.values(target.databases)
  const occupied = []
  for (const db of full) {
    for (const c of await nonEmptyCollections(mongo, db)) occupied.push(`${db}.${c}`)
  }
  if (occupied.length && !values.drop) {
    say(`the target is not empty (${occupied.slice(0, 5).join(', ')}${occupied.length > 5 ? ', ...' : ''});`)
    say('restore into an empty stack, or pass --drop to replace its databases and Redis keys')
    process.exit(3)
  }
  // Nothing of value is dropped without --drop: empty databases only (collections and indexes a
  // service created at its start, which the archive's own replace).
  for (const db of full) await mongo.db(db).dropDatabase()
  if (values.drop)
    say(`dropped ${await dropPrefix(redis, target.prefix)} Redis keys under "${target.prefix}:"`)

  let header
  let end
  const counts = { docs: 0, keys: 0 }
  for await (const record of archiveRecords(file)) {
    if (!header) {
      header = record
      continue
    }
    if (record.k === 'end') end = record
    else if (record.k === 'redis') {
      await restoreRedisKey(redis, target.prefix, record)
      counts.keys++
    } else if (record.k === 'collection' || record.k === 'docs') {
      await restoreRecord(mongo, target.databases, record)
      if (record.k === 'docs') counts.docs += record.d.length
    }
  }
  if (!end) throw new Error(`${file} ends before its trailer: the backup did not finish`)
  // Lists' order kept before the restore names the old documents: the services build it anew.
  await dropListings(redis, target.prefix)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  say(
    `restored the backup of ${header.createdAt.toISOString()}: ${counts.docs} documents, ${counts.keys} Redis keys in ${seconds} s`,
  )
} catch (err) {
  say(`failed: ${err.message}`)
  process.exitCode = 1
} finally {
  await mongo.close().catch(() => {})
  redis.disconnect()
}
