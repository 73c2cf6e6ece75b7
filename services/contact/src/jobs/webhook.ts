import type { ContactWebhookJob } from '@site/contracts'
import type { Log } from '@site/service-kit'
import type { ContactModel } from '../models/contact.js'
import { SIGNATURE_HEADER, signWebhook, webhookBody } from '../lib/webhook.js'

export interface WebhookDeps {
  contacts: ContactModel
  secret: string | undefined
  timeoutMs: number
  log: Log
}

export type WebhookResult = { outcome: 'delivered' | 'missing' | 'erased' | 'done' | 'unsigned' }

/** Thrown when the receiver did not take the request; the job's backoff retries it. */
export class WebhookError extends Error {}

/**
 * POSTs one request to one receiver, signed (lib/webhook.ts), and records the attempt on the
 * request: delivered (2xx) or the status/error of the failure; the last attempt marks it failed.
 */
export async function processWebhook(
  { contactId, index }: ContactWebhookJob,
  attempt: { number: number; max: number },
  deps: WebhookDeps,
): Promise<WebhookResult> {
  const doc = await deps.contacts.findById(contactId).lean()
  const hook = doc?.webhooks?.[index]
  if (!doc || !hook) return { outcome: 'missing' }
  if (doc.erasedAt) return { outcome: 'erased' }
  if (hook.status !== 'pending') return { outcome: 'done' }
  const at = `webhooks.${index}`
  // Never unsigned: a receiver removed with its secret may still have old requests ("send again").
  if (!deps.secret) {
    await deps.contacts.updateOne(
      { _id: contactId },
      { $set: { [`${at}.status`]: 'failed', [`${at}.lastError`]: 'not sent: CONTACT_WEBHOOK_SECRET unset' } },
    )
    deps.log.warn({ contactId, webhook: index }, 'webhook not sent: no secret to sign it')
    return { outcome: 'unsigned' }
  }

  const body = JSON.stringify(webhookBody(contactId, doc))
  let status: number | null = null
  let error: string | null = null
  try {
    const res = await fetch(hook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'site-contact-webhook/1',
        'x-site-event': 'contact.created',
        'x-site-delivery': `${contactId}.${index}`,
        [SIGNATURE_HEADER]: signWebhook(deps.secret, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.timeoutMs),
    })
    status = res.status
    await res.body?.cancel().catch(() => undefined)
    if (status < 200 || status > 299) error = `HTTP ${status}`
  } catch (err) {
    error = (err as Error).name === 'TimeoutError' ? 'timed out' : `not reached: ${(err as Error).message}`
  }
  const final = error !== null && attempt.number >= attempt.max
  await deps.contacts.updateOne(
    { _id: contactId },
    {
      $inc: { [`${at}.attempts`]: 1 },
      $set: {
        [`${at}.lastStatus`]: status,
        [`${at}.lastError`]: error,
        ...(error === null ? { [`${at}.status`]: 'delivered', [`${at}.deliveredAt`]: new Date() } : {}),
        ...(final ? { [`${at}.status`]: 'failed' } : {}),
      },
    },
  )
  if (error === null) {
    deps.log.info({ contactId, webhook: index }, 'webhook delivered')
    return { outcome: 'delivered' }
  }
  deps.log.warn({ contactId, webhook: index, status, final }, 'webhook not delivered')
  throw new WebhookError(error)
}
