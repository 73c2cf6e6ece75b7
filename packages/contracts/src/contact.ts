import { Type, type Static } from 'typebox'
import { PAGE_MAX, PAGE_SIZE_MAX, Paged } from './paging.js'

/** The reply promise made to every visitor who sends a consultation request (spec §9). */
export const CONTACT_REPLY_WITHIN_HOURS = 24

/** Maximum lengths of the contact form fields (the spec names no limits; see docs/contact.md). */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  company: 200,
  message: 5000,
} as const

const optionalText = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]))

/** `POST /api/contacts`: the consultation dialog and the home contact form. */
export const ContactCreateBody = Type.Object({
  name: Type.String({ maxLength: CONTACT_LIMITS.name }),
  email: Type.String({ maxLength: CONTACT_LIMITS.email }),
  message: Type.String({ maxLength: CONTACT_LIMITS.message }),
  phone: optionalText(CONTACT_LIMITS.phone),
  company: optionalText(CONTACT_LIMITS.company),
  /** nl, en or de: the language of the visitor's confirmation mail (nl when absent or unknown). */
  language: Type.Optional(Type.Union([Type.String({ maxLength: 16 }), Type.Null()])),
  /** Honeypot: people leave it empty; a filled one is accepted silently and never delivered. */
  website: Type.Optional(Type.Unknown()),
  /**
   * The chat session the visitor came from, when the form was reached from the chat widget
   * (`session_…`, as the chat API's `sessionId`). One that is not such an id is ignored, never a 400.
   */
  chatSessionId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  /**
   * The solved proof of work (ALTCHA): base64 of the JSON `{ algorithm, challenge, number, salt,
   * signature }` for a challenge of `GET /api/contacts/challenge`. Required; each is accepted once.
   */
  altcha: Type.Optional(Type.String({ maxLength: 2000 })),
})
export type ContactCreateBody = Static<typeof ContactCreateBody>

/** `GET /api/contacts/challenge`: an ALTCHA challenge (find `number` ≤ maxnumber with SHA-256(salt + number) = challenge). */
export const ContactChallenge = Type.Object({
  algorithm: Type.Literal('SHA-256'),
  challenge: Type.String(),
  maxnumber: Type.Integer(),
  salt: Type.String(),
  signature: Type.String(),
})
export type ContactChallenge = Static<typeof ContactChallenge>

export const ContactCreated = Type.Object({ id: Type.String(), ok: Type.Literal(true) })
export type ContactCreated = Static<typeof ContactCreated>

export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number]

const MailState = Type.Object({
  sentAt: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  /** Why this mail is not sent at all (`recent`: this address got a confirmation within the hour). */
  skipped: Type.Optional(Type.Union([Type.String(), Type.Null()])),
})

export const WEBHOOK_STATUSES = ['pending', 'delivered', 'failed'] as const
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number]

/** One webhook receiver's delivery of a request. */
export const WebhookState = Type.Object({
  url: Type.String(),
  status: Type.String(),
  attempts: Type.Integer(),
  deliveredAt: Type.Union([Type.String(), Type.Null()]),
  /** The receiver's last HTTP status, or null when it was not reached. */
  lastStatus: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
})
export type WebhookState = Static<typeof WebhookState>

/** One consultation request as the admin inbox shows it. */
export const ContactItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  company: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
  language: Type.String(),
  created_at: Type.String(),
  handled: Type.Boolean(),
  handled_at: Type.Union([Type.String(), Type.Null()]),
  /** The chat conversation the request was sent from (`GET /api/chat/conversations/{sessionId}`), or null. */
  chat_session_id: Type.Union([Type.String(), Type.Null()]),
  notification: Type.Object({
    status: Type.String(),
    sentAt: Type.Union([Type.String(), Type.Null()]),
    lastError: Type.Union([Type.String(), Type.Null()]),
    attempts: Type.Integer(),
    team: MailState,
    visitor: MailState,
  }),
  /** The signed webhook per configured receiver (empty when none is configured). */
  webhooks: Type.Array(WebhookState),
})
export type ContactItem = Static<typeof ContactItem>

/** The paging contract of every list (paging.ts); the inbox shows 20 requests a page by default. */
export const ContactListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 }),
  handled: Type.Optional(Type.Boolean()),
  /** Only the requests sent from this chat conversation (the way back from a transcript). */
  chatSessionId: Type.Optional(Type.String({ maxLength: 64 })),
})
export type ContactListQuery = Static<typeof ContactListQuery>

export const ContactList = Paged(ContactItem)
export type ContactList = Static<typeof ContactList>

export const ContactPatchBody = Type.Object({ handled: Type.Boolean() })
export type ContactPatchBody = Static<typeof ContactPatchBody>
