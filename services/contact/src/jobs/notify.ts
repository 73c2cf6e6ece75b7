import type { ContactNotifyJob } from '@site/contracts'
import type { ContactDoc, ContactModel } from '../models/contact.js'
import { teamMail, visitorMail, type ContactFields } from '../mail/templates.js'
import { describe, isPermanent, isUnreachable, type Mailer, type OutgoingMail } from '../mail/transport.js'
import type { Log } from '@site/service-kit'

export type MailKind = 'team' | 'visitor'

export interface NotifyDeps {
  contacts: ContactModel
  mailer: Mailer
  from: string
  teamEmail: string
  log: Log
  onMail?: (kind: MailKind, outcome: 'sent' | 'transient' | 'permanent') => void
  /** A send could not reach the SMTP server at all. */
  onUnreachable?: () => void
  /** The request is due for delivery (before its mails): queues its webhooks. */
  onLoaded?: (doc: ContactDoc) => Promise<void>
}

export interface Attempt {
  /** 1 for the first attempt. */
  number: number
  max: number
}

export type NotifyResult = { outcome: 'sent' | 'already-sent' | 'missing' | 'cancelled' | 'failed' }

/** Thrown when a retry may succeed; the job's backoff decides when. */
export class TransientMailError extends Error {}
/** Thrown when retrying cannot help; the worker turns it into BullMQ's UnrecoverableError. */
export class PermanentMailError extends Error {}

const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'

/**
 * Sends what has not been sent yet for one request: the team's copy and the visitor's
 * confirmation. What went out is written to the document at the end of the attempt, so a retried
 * job skips it; a fixed Message-ID per request and mail lets receivers drop the rare resend when
 * the process dies between the SMTP server's "250 OK" and that write.
 */
export async function processNotify(
  { contactId }: ContactNotifyJob,
  attempt: Attempt,
  deps: NotifyDeps,
): Promise<NotifyResult> {
  const { contacts, log } = deps
  const doc = await contacts.findById(contactId).lean()
  if (!doc) return { outcome: 'missing' }
  const n = doc.notification ?? { status: 'pending', team: null, visitor: null }
  if (doc.erasedAt || n.status === 'cancelled') return { outcome: 'cancelled' }
  if (n.status === 'sent') return { outcome: 'already-sent' }
  if (n.status === 'failed') return { outcome: 'failed' }
  await deps.onLoaded?.(doc)

  const fields: ContactFields = {
    id: contactId,
    name: doc.name ?? '',
    email: doc.email ?? '',
    phone: doc.phone ?? null,
    company: doc.company ?? null,
    message: doc.message ?? '',
    language: doc.language ?? 'nl',
    createdAt: doc.createdAt ?? new Date(),
  }
  const domain = domainOf(deps.from)
  const visitor = { name: fields.name, address: fields.email }
  const mails: Record<MailKind, OutgoingMail> = {
    team: {
      from: deps.from,
      to: deps.teamEmail,
      replyTo: visitor,
      messageId: `<${contactId}.team@${domain}>`,
      ...teamMail(fields),
    },
    visitor: {
      from: deps.from,
      to: visitor,
      replyTo: deps.teamEmail,
      messageId: `<${contactId}.confirmation@${domain}>`,
      ...visitorMail(fields),
    },
  }

  // A visitor confirmation skipped at submit (one per address per hour) is not sent, ever.
  const pending = (['team', 'visitor'] as const).filter((kind) => !n[kind]?.sentAt && !n[kind]?.skipped)
  const now = () => new Date()
  const set: Record<string, unknown> = {}
  const failures: { kind: MailKind; permanent: boolean; text: string }[] = []
  for (const kind of pending) {
    try {
      const { messageId } = await deps.mailer.send(mails[kind])
      Object.assign(set, {
        [`notification.${kind}.sentAt`]: now(),
        [`notification.${kind}.messageId`]: messageId,
        [`notification.${kind}.error`]: null,
      })
      deps.onMail?.(kind, 'sent')
      log.info({ contactId, mail: kind }, 'mail sent')
    } catch (err) {
      const permanent = isPermanent(err)
      const text = `${kind === 'team' ? 'Team mail' : 'Confirmation mail'}: ${describe(err)}`
      failures.push({ kind, permanent, text })
      set[`notification.${kind}.error`] = text
      deps.onMail?.(kind, permanent ? 'permanent' : 'transient')
      if (isUnreachable(err)) deps.onUnreachable?.()
      log.warn(
        {
          contactId,
          mail: kind,
          code: (err as { code?: string }).code,
          responseCode: (err as { responseCode?: number }).responseCode,
          permanent,
        },
        'mail not sent',
      )
    }
  }

  // One write per attempt (updates are the slow part on FerretDB): what went out, what failed, the
  // outcome. It is retried briefly, since losing it means sending those mails again.
  const lastError = failures.map((f) => f.text).join('; ')
  const transient = failures.some((f) => !f.permanent)
  const final = failures.length > 0 && (!transient || attempt.number >= attempt.max)
  const status =
    failures.length === 0
      ? { 'notification.status': 'sent', 'notification.sentAt': now() }
      : final
        ? { 'notification.status': 'failed' }
        : {}
  await persist(() =>
    contacts.updateOne(
      { _id: contactId },
      {
        $inc: { 'notification.attempts': 1 },
        $set: {
          ...set,
          ...status,
          'notification.lastAttemptAt': now(),
          'notification.lastError': lastError || null,
        },
        // Sent or failed: no longer the relay's.
        ...('notification.status' in status ? { $unset: { notifyPending: 1 } } : {}),
      },
    ),
  )
  if (failures.length === 0) return { outcome: 'sent' }
  if (transient) throw new TransientMailError(lastError)
  throw new PermanentMailError(lastError)
}

/** The write that records a sent mail is retried briefly: losing it means sending that mail again. */
async function persist(write: () => Promise<unknown>, tries = 5, delayMs = 500): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await write()
      return
    } catch (err) {
      if (i >= tries) throw err
      await new Promise((r) => setTimeout(r, delayMs * i))
    }
  }
}
