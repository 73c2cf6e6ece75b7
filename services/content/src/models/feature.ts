import { Schema, type Connection, type Model, type Types } from 'mongoose'
import type { StoredTranslations } from '@site/service-kit'
import { localizedPaths, type Localized } from './localized.js'

export type FeatureDoc = {
  _id: Types.ObjectId
  icon: string
  sort_order: number
  created_at: Date
  /** The last edit or review (absent in features from before issue 47). */
  updated_at?: Date
  /** Per language: origin, source revision, review (lib/localized-translations.ts; absent in older ones). */
  translations?: StoredTranslations
  /** Each language's hash of its translatable fields as last written (the board reads these). */
  source_revs?: Record<string, string>
} & Localized<'title'> &
  Localized<'description'>

const schema = new Schema<FeatureDoc>(
  {
    icon: { type: String, required: true },
    ...localizedPaths('title'),
    ...localizedPaths('description'),
    sort_order: { type: Number, required: true, index: true },
    created_at: { type: Date, default: () => new Date() },
    translations: { type: Schema.Types.Mixed, default: undefined },
    source_revs: { type: Schema.Types.Mixed, default: undefined },
    updated_at: { type: Date, default: undefined },
  },
  { collection: 'features', versionKey: false },
)

export type FeatureModel = Model<FeatureDoc>

export function featureModel(db: Connection): FeatureModel {
  return (db.models.Feature as FeatureModel | undefined) ?? db.model<FeatureDoc>('Feature', schema)
}
