/**
 * The change record: one per write, made by the service that wrote (the kit's ChangeLog). It says
 * what changed (kind, target, fields), who did it and from where, and which surrogate keys it
 * touches. Everything that follows writes reads it, and nothing else:
 * - the gateway's shared cache purges the keys (pub/sub on `purgeChannel`, every replica hears it);
 * - the audit trail, the chat's index and other consumers read the durable stream (`changeStream`)
 *   with a consumer group of their own, so a consumer that was down catches up;
 * - the history (revisions with restore) is the same record kept with a snapshot of the document
 *   in the owning service's database.
 */
import { Type, type Static } from 'typebox'

import { CHANGE_ACTIONS, CHANGE_KINDS, type ChangeKind } from './change-names.js'

export { CHANGE_ACTIONS, CHANGE_KINDS, type ChangeAction, type ChangeKind } from './change-names.js'
const ChangeKindSchema = Type.Enum(CHANGE_KINDS)
const ChangeActionSchema = Type.Enum(CHANGE_ACTIONS)

/** Who made a change: an admin (id and login name), or the system (a scheduled job, an import). */
export const ChangeActor = Type.Object({
  id: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
})
export type ChangeActor = Static<typeof ChangeActor>
export const SYSTEM_ACTOR: ChangeActor = { id: null, name: 'system' }

export const ChangeRecord = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  /** The service that wrote (auth, content, blog, chat, contact). */
  service: Type.String(),
  kind: ChangeKindSchema,
  action: ChangeActionSchema,
  target: Type.Object({
    id: Type.Union([Type.String(), Type.Null()]),
    /** A human name of the target at the time (a title, a slug, a username). */
    label: Type.Union([Type.String(), Type.Null()]),
  }),
  /** Names of the fields that changed (never their values: a password change says `password`). */
  fields: Type.Array(Type.String()),
  actor: ChangeActor,
  /** The client address the gateway determined, for writes made through a request. */
  ip: Type.Union([Type.String(), Type.Null()]),
  /** Surrogate keys of every public answer the write may have changed (`SURROGATE` below). */
  keys: Type.Array(Type.String()),
  /** True when the owning service keeps a snapshot of the document for this record (a revision). */
  revision: Type.Boolean(),
})
export type ChangeRecord = Static<typeof ChangeRecord>

/**
 * Surrogate keys: public answers carry the keys of what they were built from (`Surrogate-Key`,
 * space separated, the header Fastly and Varnish's xkey read); a write announces the keys it
 * touches. A document's own key names one record; the collection key names every answer that
 * lists the collection or looked a record up and did not find it (a new record may answer it).
 */
export const SURROGATE = {
  post: (id: string) => `post:${id}`,
  posts: 'posts',
  page: (id: string) => `page:${id}`,
  pages: 'pages',
  project: (id: string) => `project:${id}`,
  projects: 'projects',
  features: 'features',
  content: 'content',
  media: (id: string) => `media:${id}`,
} as const

/** The keys a write to one document of `kind` touches: its own and its collection's. */
export function keysOfWrite(kind: ChangeKind, id: string | null): string[] {
  switch (kind) {
    case 'post':
      return id ? [SURROGATE.post(id), SURROGATE.posts] : [SURROGATE.posts]
    case 'page':
      return id ? [SURROGATE.page(id), SURROGATE.pages] : [SURROGATE.pages]
    case 'project':
      return id ? [SURROGATE.project(id), SURROGATE.projects] : [SURROGATE.projects]
    case 'feature':
      return [SURROGATE.features]
    case 'content':
      return [SURROGATE.content]
    case 'media':
      return id ? [SURROGATE.media(id)] : []
    default:
      // Accounts, contact requests and conversations are never in a public answer.
      return []
  }
}

/**
 * What the purge channel carries: the record's id and its keys. A purged answer is dropped: it is
 * never served again, whatever fails afterwards. Only when `stale` is true (an edit of a document
 * that stays public) may the old answer stand in, briefly, while its own upstream is really unwell
 * (the gateway's PURGED_STALE_MS); a write that unpublishes, deletes or takes a document down never
 * sets it, and neither does anything that does not know.
 */
export interface PurgeMessage {
  id: string
  keys: string[]
  stale?: boolean
}

/** Redis names of one deployment (QUEUE_PREFIX keeps deployments sharing a Redis apart). */
export const changeStream = (prefix: string) => `${prefix}:changes`
export const purgeChannel = (prefix: string) => `${prefix}:purge`

/** One revision of a document, as the history lists it. */
export const Revision = Type.Object({
  id: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  action: ChangeActionSchema,
  actor: ChangeActor,
  fields: Type.Array(Type.String()),
})
export type Revision = Static<typeof Revision>

/** A revision with the document as it was saved then (the admin's "what changed" view). */
export const RevisionDetail = Type.Object({
  ...Revision.properties,
  snapshot: Type.Record(Type.String(), Type.Unknown()),
})
export type RevisionDetail = Static<typeof RevisionDetail>

/** One entry of the audit trail (`GET /api/admin/audit`): a change record as the trail keeps it. */
export const AuditEntry = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  service: Type.String(),
  kind: ChangeKindSchema,
  action: ChangeActionSchema,
  target: ChangeRecord.properties.target,
  fields: Type.Array(Type.String()),
  actor: ChangeActor,
  ip: Type.Union([Type.String(), Type.Null()]),
})
export type AuditEntry = Static<typeof AuditEntry>

/** The audit view's filters: who, what kind, which action, a time range, and a text in the target's name. */
export const AuditQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  actor: Type.Optional(Type.String({ maxLength: 100 })),
  kind: Type.Optional(ChangeKindSchema),
  action: Type.Optional(ChangeActionSchema),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
})
export type AuditQuery = Static<typeof AuditQuery>
