// `npm run restore ARCHIVE [-- --drop] [--databases PATTERN] [--prefix PREFIX]`: puts an archive of
// `npm run backup` back into MongoDB and Redis. The target databases must hold no documents (an
// empty stack: stop the services, or restore before their first start) unless --drop, which first
// deletes the target databases and every key under the prefix. The whole archive is read and
// checked first (verify.mjs): a cut or corrupted file is refused before anything is touched, and
// every failure says whether the target was changed. Docs: docs/operations.md.
import { parseArgs } from 'node:util'
import { MongoClient } from 'mongodb'
import { archiveRecords } from './lib/backup/archive.mjs'
import { nonEmptyCollections, restoreRecord } from './lib/backup/mongo.mjs'
import { connect, dropListings, dropPrefix, restoreRedisKey } from './lib/backup/redis.mjs'
import { resolveTarget } from './lib/backup/target.mjs'
import { verifyArchive } from './lib/backup/verify.mjs'

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
let verified
try {
  verified = await verifyArchive(file, target.databases)
} catch (err) {
  say(`refused: ${err.message}`)
  say('nothing was changed: the target databases and Redis keys are as they were')
  process.exit(1)
}
say(`checked ${file}: ${verified.counts.docs} documents, ${verified.counts.keys} Redis keys, trailer whole`)
// Set once the first drop or write is sent: from then on a failure leaves the target changed.
let touched = false
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
  touched = true
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
  // The file was whole a moment ago; if it changed since, say so rather than leave half of it.
  if (!end) throw new Error(`${file} ends before its trailer (it changed since it was checked)`)
  // Lists' order kept before the restore names the old documents: the services build it anew.
  await dropListings(redis, target.prefix)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  say(
    `restored the backup of ${header.createdAt.toISOString()}: ${counts.docs} documents, ${counts.keys} Redis keys in ${seconds} s`,
  )
} catch (err) {
  say(`failed: ${err.message}`)
  say(
    touched
      ? 'the target WAS changed (dropped and partly restored): run the restore again with --drop'
      : 'nothing was changed: the target databases and Redis keys are as they were',
  )
  process.exitCode = 1
} finally {
  await mongo.close().catch(() => {})
  redis.disconnect()
}
