// `npm run backup [-- --out FILE | --dir DIR [--keep N]] [--databases PATTERN] [--prefix PREFIX]`: one archive of every
// service database (GridFS included) and of what Redis must keep, taken while the site runs
// (docs/operations.md, "Back up and restore"). Without options it backs up the stack `npm start`
// runs and writes .data/backups/site-<time>.bson.gz; the archive's path is the last line printed.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { MongoClient } from 'mongodb'
import { archiveWriter, FORMAT, VERSION } from './lib/backup/archive.mjs'
import { dumpDatabase } from './lib/backup/mongo.mjs'
import { connect, dumpRedis } from './lib/backup/redis.mjs'
import { BACKUP_DIR, resolveTarget, safeUrl } from './lib/backup/target.mjs'

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    // A folder for site-<time>.bson.gz (the CronJob's volume), and how many archives to keep there.
    dir: { type: 'string' },
    keep: { type: 'string' },
    databases: { type: 'string' },
    prefix: { type: 'string' },
  },
})
const say = (m) => process.stderr.write(`[backup] ${m}\n`)

/** Keeps the newest `keep` archives of the folder (their names sort by time). */
function pruneOld(dir, keep) {
  const archives = readdirSync(dir)
    .filter((f) => /^site-.*\.bson\.gz$/.test(f))
    .sort()
  for (const f of archives.slice(0, Math.max(0, archives.length - keep))) {
    rmSync(join(dir, f))
    say(`removed the older ${f}`)
  }
}

let target
try {
  target = resolveTarget(values)
} catch (err) {
  say(err.message)
  process.exit(2)
}
const started = Date.now()
const stamp = new Date(started).toISOString().replace(/[:.]/g, '-')
const file = resolve(values.out ?? join(values.dir ?? BACKUP_DIR, `site-${stamp}.bson.gz`))
mkdirSync(dirname(file), { recursive: true })
// Written under another name and renamed when complete: a file with the final name is whole.
const partial = `${file}.partial`

const mongo = new MongoClient(target.mongoUrl, { serverSelectionTimeoutMS: 10000 })
const redis = connect(target.redisUrl)
const writer = archiveWriter(partial)
try {
  await Promise.all([mongo.connect(), redis.connect()])
  await writer.write({
    format: FORMAT,
    version: VERSION,
    createdAt: new Date(started),
    source: { mongo: safeUrl(target.mongoUrl), prefix: target.prefix },
    databases: target.databases,
  })
  // Redis first: a job names documents written before it was queued, so with the databases read
  // after the queues every job's documents are in the archive (docs/operations.md).
  const redisCounts = await dumpRedis(redis, target.prefix, (r) => writer.write(r))
  say(`redis: ${redisCounts.keys} keys under "${target.prefix}:" (sessions and expiring keys left out)`)
  const mongoCounts = {}
  for (const [service, dbName] of Object.entries(target.databases)) {
    mongoCounts[service] = await dumpDatabase(mongo, service, dbName, (r) => writer.write(r))
    const docs = Object.values(mongoCounts[service]).reduce((a, b) => a + b, 0)
    say(`${dbName}: ${Object.keys(mongoCounts[service]).length} collections, ${docs} documents`)
  }
  await writer.write({ k: 'end', redis: redisCounts, mongo: mongoCounts, finishedAt: new Date() })
  await writer.close()
  renameSync(partial, file)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  say(`done in ${seconds} s: ${statSync(file).size} bytes (${writer.bytesIn} before gzip)`)
  if (values.keep) pruneOld(dirname(file), Number(values.keep))
  process.stdout.write(`${file}\n`)
} catch (err) {
  await writer.close().catch(() => {})
  rmSync(partial, { force: true })
  say(`failed: ${err.message}`)
  process.exitCode = 1
} finally {
  await mongo.close().catch(() => {})
  redis.disconnect()
}
