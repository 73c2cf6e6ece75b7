import { parseArgs } from 'node:util'
import mongoose from 'mongoose'
import { connectMongo, loadConfigOrExit } from '@site/service-kit'
import { backfillVariants, createVariantsQueue } from '@site/service-kit/editorial'
import { readWorkerConfig } from './config.js'
import { ObjectStore } from './lib/objects.js'
import { imageVariantsModel } from './models/media.js'

// One-off: the AVIF/WebP variants of every image stored before the variants job existed (library
// items, project images). Runs the job's own function here, so its time and CPU are measured;
// `--enqueue` hands the images to the content worker instead. Safe to repeat: done images are skipped.
// npm run media:backfill [-- --concurrency 2 | --enqueue] (runs the blog's too: services/blog/src/backfill.ts)
const { values: args } = parseArgs({
  options: { concurrency: { type: 'string', default: '1' }, enqueue: { type: 'boolean', default: false } },
})
const config = loadConfigOrExit(() => readWorkerConfig())
const db = await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB })
const ORIGINAL = /^(media|projects)\/[A-Za-z0-9_]+\.(jpg|png|gif|webp)$/

const files = await new mongoose.mongo.GridFSBucket(db.db!, { bucketName: 'objects' })
  .find({})
  .project({ filename: 1 })
  .toArray()
const paths = files.map((f) => String(f.filename)).filter((p) => ORIGINAL.test(p))

const started = Date.now()
const cpu = process.cpuUsage()
const queue = args.enqueue
  ? createVariantsQueue({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX })
  : null
const result = await backfillVariants(
  paths,
  { objects: new ObjectStore(db, 0), variants: imageVariantsModel(db) },
  { concurrency: Number(args.concurrency) || 1, enqueue: queue?.enqueue, log: console.error },
)
await queue?.close()
const used = process.cpuUsage(cpu)
const { made, ...rest } = result
console.log(
  JSON.stringify({
    service: 'content',
    ...rest,
    [args.enqueue ? 'enqueued' : 'made']: made,
    wallSeconds: (Date.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
  }),
)
await db.close()
