import { Counter, type Registry } from 'prom-client'
import { connectMongo, pingMongo, type Closable, type Log } from '@site/service-kit'
import { createWorker, instrumentQueue, UnrecoverableError, type Job } from '@site/service-kit/queues'
import { QUEUES, type ContactNotifyJob } from '@site/contracts'
import type { WorkerConfig } from './config.js'
import { contactModel, type ContactDoc } from './models/contact.js'
import { createMailer } from './mail/transport.js'
import { CAPPED_BACKOFF, createNotifyQueue } from './lib/notify-queue.js'
import { PermanentMailError, processNotify, type NotifyResult } from './jobs/notify.js'
import { startRelay } from './jobs/relay.js'
import { smtpRecovery } from './mail/recovery.js'
import { startWebhooks } from './webhook-worker.js'

interface Ctx {
  log: Log
  addReadinessCheck?: (name: string, check: () => Promise<boolean>) => void
  metrics?: Registry
}

/**
 * Everything the contact worker process runs: the `contact-notify` consumer (nodemailer over
 * SMTP_URL) and the outbox relay. Returns what must close, in order. Tests run it in-process.
 */
export async function startNotifier(config: WorkerConfig, ctx: Ctx): Promise<Closable[]> {
  const registers = ctx.metrics ? [ctx.metrics] : []
  const mails = new Counter({
    name: 'contact_mails_total',
    help: 'Mails by kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  })
  const requeued = new Counter({
    name: 'contact_relay_requeued_total',
    help: 'Pending notifications queued by the relay',
    registers,
  })

  const conn = await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB })
  const contacts = contactModel(conn)
  const mailer = createMailer(config.SMTP_URL, config.NOTIFY_CONCURRENCY)
  const settings = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }
  const notify = createNotifyQueue({ ...settings, ...config })
  const recovery = smtpRecovery({
    mailer,
    intervalMs: config.SMTP_PROBE_INTERVAL_MS,
    onBack: () => notify.queue.promoteJobs(),
    log: ctx.log,
  })
  const webhooks = startWebhooks(config, ctx, contacts)
  const deps = {
    contacts,
    // A request's webhook deliveries are queued by its notify job (covered by the relay).
    onLoaded: (doc: ContactDoc) => webhooks.queue.enqueue(doc._id.toString(), doc.webhooks),
    mailer,
    from: config.MAIL_FROM,
    teamEmail: config.TEAM_EMAIL,
    log: ctx.log,
    onMail: (kind: string, outcome: string) => mails.inc({ kind, outcome }),
    onUnreachable: () => recovery.unreachable(),
  }

  const processor = async (job: Job<ContactNotifyJob>): Promise<NotifyResult> => {
    try {
      return await processNotify(
        job.data,
        { number: job.attemptsMade + 1, max: job.opts.attempts ?? 1 },
        deps,
      )
    } catch (err) {
      if (err instanceof PermanentMailError) throw new UnrecoverableError(err.message)
      throw err
    }
  }
  const worker = createWorker<ContactNotifyJob, NotifyResult>(QUEUES.contactNotify, processor, settings, {
    concurrency: config.NOTIFY_CONCURRENCY,
    lockDuration: config.NOTIFY_LOCK_MS,
    stalledInterval: config.NOTIFY_LOCK_MS,
    settings: {
      backoffStrategy: (
        attemptsMade: number,
        type?: string,
        _err?: Error,
        job?: { opts: { backoff?: number | { delay?: number } } },
      ) => {
        const b = job?.opts.backoff
        const base = (typeof b === 'object' ? b.delay : b) ?? config.NOTIFY_BACKOFF_MS
        if (type !== CAPPED_BACKOFF) return base
        return Math.min(base * 2 ** Math.max(0, attemptsMade - 1), config.NOTIFY_BACKOFF_MAX_MS)
      },
    },
  })
  // Queue gauges and job histograms on this process's /metrics (docs/operations.md, "The queues").
  const queueMetrics = ctx.metrics
    ? instrumentQueue({ registry: ctx.metrics, name: QUEUES.contactNotify, settings, worker: worker.worker })
    : null
  const relay = startRelay({
    contacts,
    notify,
    intervalMs: config.RELAY_INTERVAL_MS,
    minAgeMs: config.RELAY_MIN_AGE_MS,
    log: ctx.log,
    onRequeue: () => requeued.inc(),
  })
  ctx.addReadinessCheck?.('mongo', () => pingMongo(conn))
  ctx.addReadinessCheck?.('redis', async () => worker.connection.status === 'ready')

  return [
    relay,
    recovery,
    { close: () => worker.close() },
    ...webhooks.closables,
    ...(queueMetrics ? [queueMetrics] : []),
    { close: () => notify.close() },
    { close: async () => mailer.close() },
    { close: () => conn.close() },
  ]
}
