import { parseArgs } from 'node:util'
import mongoose from 'mongoose'
import { connectMongo, loadConfigOrExit } from '@site/service-kit'
import { imageSize } from '@site/service-kit/images'
import { readWorkerConfig } from './config.js'
import { ObjectStore } from './lib/objects.js'
import { imageVariantsModel } from './models/media.js'
import { createVariantsQueue } from './lib/variants-queue.js'
import { processVariants, VARIANT_PATH } from './jobs/variants.js'

// One-off: the AVIF/WebP variants of every image stored before the variants job existed (library
// items, project images). Runs the job's own function here, so its time and CPU are measured;
// `--enqueue` hands the images to the content worker instead. Safe to repeat: done images are skipped.
// npm run media:backfill [-- --concurrency 2 | --enqueue]
const { values: args } = parseArgs({
  options: { concurrency: { type: 'string', default: '1' }, enqueue: { type: 'boolean', default: false } },
})
const config = loadConfigOrExit(() => readWorkerConfig())
const db = await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB })
const objects = new ObjectStore(db, 0)
const variants = imageVariantsModel(db)
const ORIGINAL = /^(media|projects)\/[A-Za-z0-9_]+\.(jpg|png|gif|webp)$/

const files = await new mongoose.mongo.GridFSBucket(db.db!, { bucketName: 'objects' })
  .find({})
  .project({ filename: 1 })
  .toArray()
const paths = files.map((f) => String(f.filename)).filter((p) => ORIGINAL.test(p) && !VARIANT_PATH.test(p))
const done = new Set((await variants.find({ done: true }, { _id: 1 }).lean()).map((r) => r._id))
const todo = paths.filter((p) => !done.has(p))

const started = Date.now()
const cpu = process.cpuUsage()
let made = 0
let failed = 0
let bytes = 0
if (args.enqueue) {
  const queue = createVariantsQueue({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX })
  for (const path of todo) await queue.enqueue(path)
  await queue.close()
} else {
  const queue = [...todo]
  const run = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) {
      try {
        const original = await objects.get(path)
        const size = original && (await imageSize(original.bytes))
        if (!size) throw new Error('cannot be decoded')
        await variants.updateOne(
          { _id: path },
          { $setOnInsert: { ...size, widths: [], done: false, updated_at: new Date() } },
          { upsert: true },
        )
        const result = await processVariants({ path }, { objects, variants })
        made++
        bytes += result.bytes
      } catch (err) {
        failed++
        console.error(`${path}: ${(err as Error).message}`)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Number(args.concurrency) || 1) }, run))
}
const used = process.cpuUsage(cpu)
console.log(
  JSON.stringify({
    images: paths.length,
    alreadyDone: paths.length - todo.length,
    [args.enqueue ? 'enqueued' : 'made']: args.enqueue ? todo.length : made,
    failed,
    variantBytes: bytes,
    wallSeconds: (Date.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
  }),
)
await db.close()
