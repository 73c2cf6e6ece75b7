import { createHash, createHmac } from 'node:crypto'
import { createQueue, withinTime, type QueueSettings } from '@site/service-kit/queues'
import { QUEUES, type ContactWebhookJob } from '@site/contracts'
import type { ContactDoc, WebhookDelivery } from '../models/contact.js'

/** The receivers of CONTACT_WEBHOOK_URLS (comma separated; blanks ignored). */
export const webhookUrls = (list: string) =>
  list
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '')

/** What a new request carries besides its fields: its confirmation decision and its webhooks. */
export function deliveryPlan(confirm: boolean, urls: string, consentVersion: string) {
  const webhooks: Partial<WebhookDelivery>[] = webhookUrls(urls).map((url) => ({ url, status: 'pending' }))
  return {
    consentVersion,
    webhooks,
    ...(confirm ? {} : { notification: { visitor: { skipped: 'recent' } } }),
  }
}

/** The JSON a receiver gets: the request as the form sent it, with language, source and consent version. */
export function webhookBody(id: string, doc: ContactDoc) {
  return {
    event: 'contact.created',
    id,
    created_at: doc.createdAt.toISOString(),
    language: doc.language,
    source: doc.chatSessionId ? 'chat' : 'form',
    consent_version: doc.consentVersion ?? null,
    name: doc.name,
    email: doc.email,
    phone: doc.phone,
    company: doc.company,
    message: doc.message,
    chat_session_id: doc.chatSessionId,
  }
}

export const SIGNATURE_HEADER = 'x-site-signature'

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`: a receiver recomputes it
 * over the raw body, compares in constant time and refuses an old `t` (replays).
 */
export function signWebhook(secret: string, body: string, t = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
  return `t=${t},v1=${v1}`
}

/** Job id of one delivery: the request, the receiver and the round ("send again" starts a new one). */
export const webhookJobId = (contactId: string, url: string, round: number) =>
  `${contactId}-${createHash('sha256').update(url).digest('hex').slice(0, 12)}-${round}`

export interface WebhookJobSettings {
  WEBHOOK_ATTEMPTS: number
  WEBHOOK_BACKOFF_MS: number
}

export type WebhookQueue = ReturnType<typeof createWebhookQueue>

/** The producer side of `contact-webhook`: exponential backoff from WEBHOOK_BACKOFF_MS. */
export function createWebhookQueue(settings: QueueSettings & WebhookJobSettings) {
  const q = createQueue<ContactWebhookJob>(QUEUES.contactWebhook, settings, {
    attempts: settings.WEBHOOK_ATTEMPTS,
    backoff: { type: 'exponential', delay: settings.WEBHOOK_BACKOFF_MS },
    removeOnComplete: { age: 24 * 3600, count: 10000 },
    removeOnFail: { age: 30 * 24 * 3600 },
  })
  /** Queues every pending delivery of a request (the job ids make a repeat a no-op); bounded in time. */
  async function enqueue(contactId: string, webhooks: readonly WebhookDelivery[] | undefined) {
    const jobs = (webhooks ?? [])
      .map((w, index) => ({ w, index }))
      .filter(({ w }) => w.status === 'pending')
      .map(({ w, index }) => ({
        name: 'webhook',
        data: { contactId, index },
        opts: { jobId: webhookJobId(contactId, w.url, w.round ?? 0) },
      }))
    if (jobs.length > 0) await withinTime(q.queue.addBulk(jobs))
  }
  return { ...q, enqueue }
}
