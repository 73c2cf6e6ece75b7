import { Schema, type Connection, type Model, type Types } from 'mongoose'
import type { ChangeAction, ChangeKind } from '@site/contracts'

/**
 * One change record as the writing service keeps it, in its own database (collection `changes`):
 * the outbox of the announcement (`relayed` until Redis took it) and, with a `snapshot`, a
 * revision of the document for its history.
 */
export interface ChangeDoc {
  _id: Types.ObjectId
  at: Date
  kind: ChangeKind
  action: ChangeAction
  target_id: string | null
  target_label: string | null
  fields: string[]
  actor_id: string | null
  actor_name: string
  ip: string | null
  keys: string[]
  /**
   * The write kept its document public (an edit): the purge lets the old answers stand in briefly
   * while their upstream is unwell (PurgeMessage.stale). Absent on older records: false.
   */
  stale?: boolean
  /** The document as saved by this write (present on revisions only). */
  snapshot?: Record<string, unknown> | null
  /** Kept as a revision of the target's history (it has a snapshot). */
  revision: boolean
  /** Announced on Redis (purge channel and change stream). */
  relayed: boolean
}

const schema = new Schema<ChangeDoc>(
  {
    at: { type: Date, required: true },
    kind: { type: String, required: true },
    action: { type: String, required: true },
    target_id: { type: String, default: null },
    target_label: { type: String, default: null },
    fields: { type: [String], default: [] },
    actor_id: { type: String, default: null },
    actor_name: { type: String, required: true },
    ip: { type: String, default: null },
    keys: { type: [String], default: [] },
    stale: { type: Boolean, default: false },
    snapshot: { type: Schema.Types.Mixed, default: undefined },
    revision: { type: Boolean, default: false },
    relayed: { type: Boolean, default: false },
  },
  // `minimize: false`: a snapshot keeps its empty strings, arrays and objects (a restore is exact).
  { collection: 'changes', versionKey: false, minimize: false },
)
// A document's history, newest first; the relay's backlog, oldest first; the sweep's deletions.
schema.index({ kind: 1, target_id: 1, revision: 1, at: -1, _id: -1 })
schema.index({ relayed: 1, at: 1 })
schema.index({ action: 1, at: 1 })

export type ChangeModel = Model<ChangeDoc>

export function changeModel(db: Connection): ChangeModel {
  return (db.models.Change as ChangeModel | undefined) ?? db.model<ChangeDoc>('Change', schema)
}
