import { Schema, type Connection, type Model, type Types } from 'mongoose'
import { localizedPaths, type Localized } from './localized.js'

export type FeatureDoc = {
  _id: Types.ObjectId
  icon: string
  sort_order: number
  created_at: Date
} & Localized<'title'> &
  Localized<'description'>

const schema = new Schema<FeatureDoc>(
  {
    icon: { type: String, required: true },
    ...localizedPaths('title'),
    ...localizedPaths('description'),
    sort_order: { type: Number, required: true, index: true },
    created_at: { type: Date, default: () => new Date() },
  },
  { collection: 'features', versionKey: false },
)

export type FeatureModel = Model<FeatureDoc>

export function featureModel(db: Connection): FeatureModel {
  return (db.models.Feature as FeatureModel | undefined) ?? db.model<FeatureDoc>('Feature', schema)
}
