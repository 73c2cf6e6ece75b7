import { createHash } from 'node:crypto'
import { Counter } from 'prom-client'
import type { Redis } from 'ioredis'
import { QUEUES, type BlogImportJob } from '@site/contracts'
import { pingMongo, type Closable, type Log } from '@site/service-kit'
import { UnrecoverableError, createWorker, instrumentQueue } from '@site/service-kit/queues'
import type { WorkerConfig } from '../config.js'
import { postModel } from '../models/post.js'
import { glossaryModel } from '../glossary/model.js'
import { readGlossary } from '../glossary/repo.js'
import { createLlm } from '../lib/llm.js'
import { listingAnnouncement, postListing } from '../posts/listing.js'
import { toPostDto } from '../posts/dto.js'
import { openWorker, type WorkerStartOptions } from '@site/service-kit/changes'
import { processImport, type ImportResult } from './import.js'
import { importImages } from './import-images.js'
import { startScheduleWorker } from './schedule-worker.js'
import { blogVariantsQueue, startVariantsWorker } from './variants-worker.js'
import type { TranslationMemo } from './translate-stage.js'

/** Translated pieces kept for a day in Redis, keyed by a hash of what was asked. */
function redisMemo(redis: Redis, prefix: string): TranslationMemo {
  const key = (parts: string[]) =>
    `${prefix}:${createHash('sha256').update(JSON.stringify(parts)).digest('hex')}`
  return {
    get: (parts) => redis.get(key(parts)),
    set: async (parts, value) => {
      await redis.set(key(parts), value, 'EX', 24 * 3600)
    },
  }
}

/** Starts the blog-import and blog-schedule consumers; used by worker.ts and by tests that need a real Worker. */
export async function startImportWorker(
  config: WorkerConfig,
  log: Log,
  opts: WorkerStartOptions = {},
): Promise<Closable[]> {
  // The imports' posts, the schedule's publishes and the variants are writes like an admin's: the
  // blog's change log takes them through afterWrite (read caches, record, purge).
  const base = await openWorker(config, 'blog', log)
  const { db, redis, changes } = base
  const posts = postModel(db)
  changes.alsoAnnounce(listingAnnouncement(postListing(() => redis, config.QUEUE_PREFIX)))
  await posts.init().catch(() => undefined) // indexes; the worker saves posts too
  const llm = createLlm(config)
  const memo = redisMemo(redis, `${config.QUEUE_PREFIX}:blog:tr:${config.OPENAI_MODEL}`)
  if (!llm) log.info({}, 'no OPENAI_API_KEY: imports keep the source language and tag by keywords')
  const counter = new Counter({
    name: 'blog_imports_total',
    help: 'Finished blog imports by outcome',
    labelNames: ['outcome'] as const,
    registers: opts.metrics ? [opts.metrics] : [],
  })
  const variantsQueue = blogVariantsQueue(config)
  const variantsWorker = startVariantsWorker(config, log, { db, changes, metrics: opts.metrics })
  const { worker, connection, close } = createWorker<BlogImportJob, ImportResult>(
    QUEUES.blogImport,
    async (job) => {
      const images = importImages(db, posts, config, log)
      let result: ImportResult
      try {
        result = await processImport(job, {
          db,
          posts,
          llm,
          memo,
          glossary: () => readGlossary(glossaryModel(db)),
          settings: config,
          log,
          images,
          onSaved: async (saved, uploadedBy) => {
            const post = toPostDto(saved)
            await changes.afterWrite({
              kind: 'post',
              action: 'create',
              target: { id: post.id, label: post.title_nl || post.slug },
              snapshot: post,
              actor: { id: null, name: `${uploadedBy} (import)` },
            })
          },
        })
      } catch (err) {
        // A failed attempt leaves no images behind (a retry stores them again).
        await images.discard()
        if (err instanceof UnrecoverableError || job.attemptsMade + 1 < (job.opts.attempts ?? 1)) throw err
        // Out of attempts: the admin sees a sentence, the log keeps the cause.
        log.warn({ jobId: job.id, err }, 'blog import gave up')
        throw new UnrecoverableError('The file could not be imported right now. Please try again later.')
      }
      // The post is saved: its images get their variants (after, so a failed attempt's removed
      // images are never queued). Best effort: `npm run media:backfill` makes any missed.
      for (const name of images.linked)
        await variantsQueue
          .enqueue(name)
          .catch((err: unknown) => log.warn({ err, name }, 'variants not queued'))
      return result
    },
    { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX },
    {
      concurrency: config.BLOG_WORKER_CONCURRENCY,
      lockDuration: config.BLOG_WORKER_LOCK_MS,
      stalledInterval: config.BLOG_WORKER_LOCK_MS,
      maxStalledCount: 2,
    },
  )
  worker.on('completed', (job, result) => counter.inc({ outcome: result.translation }))
  worker.on('failed', (job, err) => {
    counter.inc({ outcome: 'failed' })
    log.warn(
      { jobId: job?.id, attempts: job?.attemptsMade, err: { name: err.name, message: err.message } },
      'blog import attempt failed',
    )
  })
  // Queue gauges and job histograms on this process's /metrics (docs/operations.md, "The queues").
  const queueMetrics = opts.metrics
    ? instrumentQueue({
        registry: opts.metrics,
        name: QUEUES.blogImport,
        settings: { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX },
        worker,
      })
    : null
  const scheduled = startScheduleWorker(config, log, { posts, changes, metrics: opts.metrics })
  opts.addReadinessCheck?.('mongo', () => pingMongo(db))
  opts.addReadinessCheck?.('redis', async () => worker.isRunning() && connection.status === 'ready')
  return [
    { close },
    ...variantsWorker,
    { close: () => variantsQueue.close() },
    ...scheduled,
    ...(queueMetrics ? [queueMetrics] : []),
    ...base.closables,
  ]
}
