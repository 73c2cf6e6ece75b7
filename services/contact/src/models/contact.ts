import { Schema, type Connection, type Model, type Types } from 'mongoose'
import {
  NOTIFICATION_STATUSES,
  WEBHOOK_STATUSES,
  type NotificationStatus,
  type WebhookStatus,
} from '@site/contracts'

/** One mail of a request's notification (to the team, to the visitor). */
export type MailState = {
  sentAt: Date | null
  messageId: string | null
  error: string | null
  /** Not to be sent at all: `recent` (the address got a confirmation within the hour). */
  skipped?: string | null
}

/** One webhook receiver's delivery of the request (docs/contact.md, "Webhook"). */
export type WebhookDelivery = {
  url: string
  status: WebhookStatus
  attempts: number
  deliveredAt: Date | null
  lastStatus: number | null
  lastError: string | null
  /** Bumped by "send again": the job id of the next delivery. */
  round: number
}

export type ContactDoc = {
  _id: Types.ObjectId
  /** The personal fields are null once erased on request. */
  name: string | null
  email: string | null
  phone: string | null
  company: string | null
  message: string | null
  language: 'nl' | 'en' | 'de'
  /** The chat session the request was sent from (the widget's id), or null. */
  chatSessionId: string | null
  createdAt: Date
  handled: boolean
  handledAt: Date | null
  dedupeKey: string
  dedupeSlot: number
  erasedAt: Date | null
  /** Present (true) exactly while the notification is pending: the relay's backlog by an index. */
  notifyPending?: true
  notification: {
    status: NotificationStatus
    sentAt: Date | null
    lastError: string | null
    attempts: number
    lastAttemptAt: Date | null
    team: MailState
    visitor: MailState
  }
  webhooks?: WebhookDelivery[]
  /** CONTACT_CONSENT_VERSION when the request was sent: the privacy text the form stood under. */
  consentVersion?: string | null
}

const mailState = new Schema<MailState>(
  {
    sentAt: { type: Date, default: null },
    messageId: { type: String, default: null },
    /** Last failure of this mail (SMTP code and text); cleared once it is sent. */
    error: { type: String, default: null },
    skipped: { type: String, default: null },
  },
  { _id: false },
)

const webhookDelivery = new Schema<WebhookDelivery>(
  {
    url: { type: String, required: true },
    status: { type: String, enum: WEBHOOK_STATUSES, default: 'pending' },
    attempts: { type: Number, default: 0 },
    deliveredAt: { type: Date, default: null },
    lastStatus: { type: Number, default: null },
    lastError: { type: String, default: null },
    round: { type: Number, default: 0 },
  },
  { _id: false },
)

/**
 * One consultation request. It carries its own outbox state (`notification`): the request and the
 * duty to mail it are one write, so neither can be lost without the other (design §3).
 */
const contactSchema = new Schema<ContactDoc>({
  name: { type: String },
  email: { type: String },
  phone: { type: String, default: null },
  company: { type: String, default: null },
  message: { type: String },
  language: { type: String, enum: ['nl', 'en', 'de'], default: 'nl' },
  chatSessionId: { type: String, default: null },
  createdAt: { type: Date, default: () => new Date() },
  handled: { type: Boolean, default: false },
  handledAt: { type: Date, default: null },
  /** Hash of the normalized submission plus a time slot: a unique index collapses double submits. */
  dedupeKey: { type: String, required: true },
  dedupeSlot: { type: Number, required: true },
  /** Set when the personal data was erased on request; the rest stays as a record of the deletion. */
  erasedAt: { type: Date, default: null },
  /**
   * True while `notification.status` is pending, absent otherwise: the relay finds its backlog by
   * this equality (FerretDB pushes no dotted path down, and a status filter read every request).
   */
  notifyPending: { type: Boolean, default: true },
  notification: {
    status: { type: String, enum: NOTIFICATION_STATUSES, default: 'pending' },
    sentAt: { type: Date, default: null },
    lastError: { type: String, default: null },
    attempts: { type: Number, default: 0 },
    lastAttemptAt: { type: Date, default: null },
    team: { type: mailState, default: () => ({}) },
    visitor: { type: mailState, default: () => ({}) },
  },
  consentVersion: { type: String, default: null },
  /** The configured webhook receivers when the request was stored, each with its delivery. */
  webhooks: { type: [webhookDelivery], default: () => [] },
})
contactSchema.index({ dedupeKey: 1, dedupeSlot: 1 }, { unique: true })
contactSchema.index({ createdAt: -1 })
// The way back from a chat transcript to the requests it led to.
contactSchema.index({ chatSessionId: 1 })
contactSchema.index({ notifyPending: 1 }, { sparse: true })

export type ContactModel = Model<ContactDoc>

/** The model on a given connection (the API's and the worker's each have their own). */
export function contactModel(conn: Connection): ContactModel {
  return (
    (conn.models.Contact as ContactModel | undefined) ??
    conn.model<ContactDoc>('Contact', contactSchema, 'contacts')
  )
}
