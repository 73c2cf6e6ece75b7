import { QUEUES, type MediaVariantsJob } from '@site/contracts'
import { createQueue, type QueueSettings } from '../../queues/index.js'

/** BullMQ job ids may not contain `:`; a path has none, and one id per path makes a job run once. */
export const variantsJobId = (path: string) => `variants-${path.replace(/[/.]/g, '_')}`

/**
 * The producer of a variants queue (`media-variants` by default): one job per stored image.
 * Enqueuing is best effort: while Redis is away the image is stored anyway, and a sweep or the
 * backfill finds it later, since its variants record says it is not done.
 */
export function createVariantsQueue(settings: QueueSettings, name: string = QUEUES.mediaVariants) {
  const q = createQueue<MediaVariantsJob>(name, settings)
  return {
    ...q,
    enqueue: (path: string) => q.queue.add('variants', { path }, { jobId: variantsJobId(path) }),
  }
}
export type VariantsQueue = ReturnType<typeof createVariantsQueue>
