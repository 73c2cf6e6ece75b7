import { Counter, type Registry } from 'prom-client'
import { SURROGATE, type ChangeActor, type MediaVariantsJob } from '@site/contracts'
import type { ChangeLog } from '../../changes/log.js'
import { NotAnImageError } from '../../images.js'
import type { Log } from '../../log.js'
import type { Closable } from '../../run.js'
import { UnrecoverableError, createWorker, instrumentQueue, type QueueSettings } from '../../queues/index.js'
import type { ImageVariantsModel } from './model.js'
import { processVariants, type VariantStore, type VariantsResult } from './process.js'

/** The actor of the variants' change records (the audit trail names it). */
export const VARIANTS_ACTOR: ChangeActor = { id: null, name: 'variants' }

/**
 * A variants queue's consumer (the content worker's `media-variants`, the blog worker's
 * `blog-image-variants`): runs processVariants over the service's store and counts the outcomes in
 * `metric`. An image given its variants is a write like any other: through the service's change
 * log (`changes.afterWrite`), its read caches forget, then the pages that showed it plain are
 * purged by its `media:<mediaId>` key (stale allowed: the image stays public). The job completes
 * after that. Bytes that cannot be decoded are marked failed and never retried.
 */
export function startVariantsConsumer(opts: {
  queue: string
  settings: QueueSettings
  objects: VariantStore
  variants: ImageVariantsModel
  log: Log
  metric: { name: string; help: string }
  registry?: Registry
  concurrency?: number
  changes: ChangeLog
  /** The stored image's id in its surrogate key (`media:<id>`). */
  mediaId: (path: string) => string
}) {
  const { objects, variants, log } = opts
  const made = new Counter({
    ...opts.metric,
    labelNames: ['outcome'] as const,
    registers: opts.registry ? [opts.registry] : [],
  })
  const { worker, connection, close } = createWorker<MediaVariantsJob, VariantsResult>(
    opts.queue,
    async (job) => {
      let result: VariantsResult
      try {
        result = await processVariants(job.data, { objects, variants })
      } catch (err) {
        if (!(err instanceof NotAnImageError)) throw err
        await variants.updateOne({ _id: job.data.path }, { $set: { failed: true } }).catch(() => undefined)
        throw new UnrecoverableError(err.message)
      }
      if (result.widths.length) {
        const id = opts.mediaId(result.path)
        await opts.changes.afterWrite({
          kind: 'media',
          action: 'update',
          target: { id, label: result.path },
          fields: ['variants'],
          keys: [SURROGATE.media(id)],
          actor: VARIANTS_ACTOR,
          staysPublic: true,
        })
      }
      return result
    },
    opts.settings,
    // sharp uses libvips' own threads: one image at a time keeps the worker's memory bounded.
    { concurrency: opts.concurrency ?? 1, lockDuration: 120_000, stalledInterval: 120_000 },
  )
  worker.on('completed', (_job, result) => {
    made.inc({ outcome: result.widths.length ? 'made' : 'skipped' })
  })
  worker.on('failed', (job, err) => {
    made.inc({ outcome: 'failed' })
    log.warn({ path: job?.data.path, err: { name: err.name, message: err.message } }, 'variants failed')
  })
  const queueMetrics = opts.registry
    ? instrumentQueue({ registry: opts.registry, name: opts.queue, settings: opts.settings, worker })
    : null
  const closables: Closable[] = [{ close }, ...(queueMetrics ? [queueMetrics] : [])]
  return { worker, connection, closables }
}
