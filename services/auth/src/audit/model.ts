import { Schema, type Connection, type Model } from 'mongoose'
import type { ChangeAction, ChangeKind } from '@site/contracts'

/** One entry of the audit trail: a change record of any service, under the record's own id. */
export interface AuditDoc {
  _id: string
  at: Date
  service: string
  kind: ChangeKind
  action: ChangeAction
  target_id: string | null
  target_label: string | null
  fields: string[]
  actor_id: string | null
  actor_name: string
  ip: string | null
}

const schema = new Schema<AuditDoc>(
  {
    _id: { type: String, required: true },
    at: { type: Date, required: true },
    service: { type: String, required: true },
    kind: { type: String, required: true },
    action: { type: String, required: true },
    target_id: { type: String, default: null },
    target_label: { type: String, default: null },
    fields: { type: [String], default: [] },
    actor_id: { type: String, default: null },
    actor_name: { type: String, required: true },
    ip: { type: String, default: null },
  },
  { collection: 'audit', versionKey: false },
)
// The view's order (newest first) and its filters; the sweep's range.
schema.index({ at: -1, _id: -1 })
schema.index({ actor_name: 1, at: -1 })
schema.index({ kind: 1, action: 1, at: -1 })

export type AuditModel = Model<AuditDoc>

export function auditModel(db: Connection): AuditModel {
  return (db.models.Audit as AuditModel | undefined) ?? db.model<AuditDoc>('Audit', schema)
}
