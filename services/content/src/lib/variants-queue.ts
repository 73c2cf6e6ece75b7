import { createQueue, type QueueSettings } from '@site/service-kit/queues'
import { QUEUES, type MediaVariantsJob } from '@site/contracts'

/** BullMQ job ids may not contain `:`; a path has none, and one id per path makes a job run once. */
export const variantsJobId = (path: string) => `variants-${path.replace(/[/.]/g, '_')}`

/**
 * The producer of `media-variants`: one job per stored image (an upload to the library, a project
 * image, the backfill). Enqueuing is best effort: while Redis is away the image is stored anyway and
 * the worker's sweep (or the backfill) finds it, since its variants record says it is not done.
 */
export function createVariantsQueue(settings: QueueSettings) {
  const q = createQueue<MediaVariantsJob>(QUEUES.mediaVariants, settings)
  return {
    ...q,
    enqueue: (path: string) => q.queue.add('variants', { path }, { jobId: variantsJobId(path) }),
  }
}
export type VariantsQueue = ReturnType<typeof createVariantsQueue>
