import { Schema, type Connection, type Model } from 'mongoose'
import type { UploadKind } from './upload.js'

/**
 * One blog import as the admin's imports list shows it: who uploaded which file and when. The
 * state is not stored here: it is the queue's (read live, so an import failing while the database
 * is away still shows as failed). Keyed by the job id, so uploading the same file again refreshes
 * the one record of that upload.
 */
export interface ImportDoc {
  _id: string
  upload_id: string
  filename: string
  kind: UploadKind
  author: string
  created_at: Date
}
export type ImportModel = Model<ImportDoc>

const importSchema = new Schema<ImportDoc>(
  {
    _id: { type: String, required: true },
    upload_id: { type: String, required: true },
    filename: { type: String, required: true },
    kind: { type: String, required: true },
    author: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { versionKey: false },
)
// The list's sort (newest first, _id breaking ties) and the sweep's range.
importSchema.index({ created_at: -1, _id: -1 })

export function importModel(db: Connection): ImportModel {
  return (
    (db.models.BlogImport as ImportModel | undefined) ??
    db.model<ImportDoc>('BlogImport', importSchema, 'blog_imports')
  )
}
