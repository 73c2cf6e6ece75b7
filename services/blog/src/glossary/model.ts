import { Schema, type Connection, type Model } from 'mongoose'
import type { GlossaryFixed, GlossaryInput } from '@site/contracts'

export const GLOSSARY_ID = 'glossary'

/** The one glossary document of the site (blog_settings, `_id: 'glossary'`). */
export interface GlossaryDoc {
  _id: string
  never_translate: string[]
  fixed: GlossaryFixed[]
  formality: GlossaryInput['formality']
  updated_at: Date
}

const schema = new Schema<GlossaryDoc>(
  {
    _id: { type: String },
    never_translate: { type: [String], default: [] },
    fixed: {
      type: [{ _id: false, from: String, to: String, source: String, target: String }],
      default: [],
    },
    formality: {
      type: new Schema(
        { nl: { type: String, default: null }, de: { type: String, default: null } },
        { _id: false },
      ),
      default: () => ({ nl: null, de: null }),
    },
    updated_at: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
)

export type GlossaryModel = Model<GlossaryDoc>

export function glossaryModel(db: Connection): GlossaryModel {
  return (
    (db.models.BlogGlossary as GlossaryModel | undefined) ??
    db.model<GlossaryDoc>('BlogGlossary', schema, 'blog_settings')
  )
}
