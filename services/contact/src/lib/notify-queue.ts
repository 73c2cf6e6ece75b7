import { createQueue, withinTime, type QueueSettings } from '@site/service-kit/queues'
import { QUEUES, type ContactNotifyJob } from '@site/contracts'
import type { JobsOptions } from 'bullmq'

export interface NotifyJobSettings {
  NOTIFY_ATTEMPTS: number
  NOTIFY_BACKOFF_MS: number
}

/** Name of the worker's backoff strategy: exponential, capped at NOTIFY_BACKOFF_MAX_MS. */
export const CAPPED_BACKOFF = 'capped-exponential'

export function notifyJobOptions(s: NotifyJobSettings): JobsOptions {
  return {
    attempts: s.NOTIFY_ATTEMPTS,
    backoff: { type: CAPPED_BACKOFF, delay: s.NOTIFY_BACKOFF_MS },
    // Finished jobs stay a day, so a relay pass that races a just-finished job cannot enqueue it again.
    removeOnComplete: { age: 24 * 3600, count: 10000 },
    removeOnFail: { age: 30 * 24 * 3600 },
  }
}

export type NotifyQueue = ReturnType<typeof createNotifyQueue>

/**
 * The producer side of `contact-notify`. `enqueue` uses the contact id as job id, so a request is
 * queued at most once however often the API or the relay adds it; it fails fast (bounded by
 * `timeoutMs`) while Redis is away, and the caller keeps the request pending for the relay.
 */
export function createNotifyQueue(settings: QueueSettings & NotifyJobSettings) {
  const q = createQueue<ContactNotifyJob>(QUEUES.contactNotify, settings, notifyJobOptions(settings))
  async function enqueue(contactId: string, timeoutMs = 2000): Promise<void> {
    await withinTime(q.queue.add('notify', { contactId }, { jobId: contactId }), timeoutMs)
  }
  return { ...q, enqueue }
}
