import type { Registry } from 'prom-client'
import type { Closable, Log } from '@site/service-kit'
import { createWorker, instrumentQueue, type Job } from '@site/service-kit/queues'
import { QUEUES, type ContactWebhookJob } from '@site/contracts'
import type { WorkerConfig } from './config.js'
import type { ContactModel } from './models/contact.js'
import { createWebhookQueue, type WebhookQueue } from './lib/webhook.js'
import { processWebhook, type WebhookResult } from './jobs/webhook.js'

/**
 * The `contact-webhook` consumer of the worker process and its producer (the notify job queues a
 * request's deliveries, so the outbox relay covers them too). Returns the producer and what must close.
 */
export function startWebhooks(
  config: WorkerConfig,
  ctx: { log: Log; metrics?: Registry | undefined },
  contacts: ContactModel,
): { queue: WebhookQueue; closables: Closable[] } {
  const settings = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }
  const queue = createWebhookQueue({ ...settings, ...config })
  const deps = {
    contacts,
    secret: config.CONTACT_WEBHOOK_SECRET,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    log: ctx.log,
  }
  const processor = (job: Job<ContactWebhookJob>): Promise<WebhookResult> =>
    processWebhook(job.data, { number: job.attemptsMade + 1, max: job.opts.attempts ?? 1 }, deps)
  const worker = createWorker<ContactWebhookJob, WebhookResult>(QUEUES.contactWebhook, processor, settings, {
    concurrency: config.NOTIFY_CONCURRENCY,
    lockDuration: config.NOTIFY_LOCK_MS,
    stalledInterval: config.NOTIFY_LOCK_MS,
  })
  const metrics = ctx.metrics
    ? instrumentQueue({ registry: ctx.metrics, name: QUEUES.contactWebhook, settings, worker: worker.worker })
    : null
  return {
    queue,
    closables: [
      { close: () => worker.close() },
      ...(metrics ? [metrics] : []),
      { close: () => queue.close() },
    ],
  }
}
