import type { ContactItem } from '@site/contracts'
import type { ContactDoc } from '../models/contact.js'

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

type Stored = Omit<ContactDoc, '_id'> & { _id: { toString(): string } }

/** The admin inbox view of a stored request. */
export function toContactDto(c: Stored): ContactItem {
  const n = c.notification
  return {
    id: c._id.toString(),
    name: c.name ?? '',
    email: c.email ?? '',
    phone: c.phone ?? null,
    company: c.company ?? null,
    message: c.message ?? '',
    language: c.language ?? 'nl',
    created_at: iso(c.createdAt) ?? new Date(0).toISOString(),
    handled: c.handled ?? false,
    handled_at: iso(c.handledAt),
    chat_session_id: c.chatSessionId ?? null,
    notification: {
      status: n?.status ?? 'pending',
      sentAt: iso(n?.sentAt),
      lastError: n?.lastError ?? null,
      attempts: n?.attempts ?? 0,
      team: { sentAt: iso(n?.team?.sentAt), error: n?.team?.error ?? null },
      visitor: {
        sentAt: iso(n?.visitor?.sentAt),
        error: n?.visitor?.error ?? null,
        skipped: n?.visitor?.skipped ?? null,
      },
    },
    webhooks: (c.webhooks ?? []).map((w) => ({
      url: w.url,
      status: w.status,
      attempts: w.attempts ?? 0,
      deliveredAt: iso(w.deliveredAt),
      lastStatus: w.lastStatus ?? null,
      lastError: w.lastError ?? null,
    })),
  }
}
