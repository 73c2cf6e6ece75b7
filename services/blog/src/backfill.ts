import { parseArgs } from 'node:util'
import { connectMongo, loadConfigOrExit } from '@site/service-kit'
import { backfillVariants, imageVariantsModel } from '@site/service-kit/editorial'
import { readWorkerConfig } from './config.js'
import { imageStore, originalNames } from './models/images.js'
import { blogVariantsQueue } from './jobs/variants-worker.js'

// One-off: the AVIF/WebP variants of the images imported before their variants job existed (the
// content service's backfill does the library's). Safe to repeat: done images are skipped.
// npm run media:backfill [-- --concurrency 2 | --enqueue] (both services)
const { values: args } = parseArgs({
  options: { concurrency: { type: 'string', default: '1' }, enqueue: { type: 'boolean', default: false } },
})
const config = loadConfigOrExit(() => readWorkerConfig())
const db = await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB })
const started = Date.now()
const queue = args.enqueue ? blogVariantsQueue(config) : null
const result = await backfillVariants(
  await originalNames(db),
  { objects: imageStore(db), variants: imageVariantsModel(db) },
  { concurrency: Number(args.concurrency) || 1, enqueue: queue?.enqueue, log: console.error },
)
await queue?.close()
const { made, ...rest } = result
console.log(
  JSON.stringify({
    service: 'blog',
    ...rest,
    [args.enqueue ? 'enqueued' : 'made']: made,
    wallSeconds: (Date.now() - started) / 1000,
  }),
)
await db.close()
