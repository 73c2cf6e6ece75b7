import { Schema, type Connection } from 'mongoose'

const localized = (name: string) => ({
  [`${name}_nl`]: { type: String, required: true },
  [`${name}_en`]: { type: String, required: true },
  [`${name}_de`]: { type: String, default: null },
})

const schema = new Schema(
  {
    icon: { type: String, required: true },
    ...localized('title'),
    ...localized('description'),
    sort_order: { type: Number, required: true, index: true },
    created_at: { type: Date, default: () => new Date() },
  },
  { collection: 'features', versionKey: false },
)

export const featureModel = (db: Connection) => db.model('Feature', schema)
export type FeatureModel = ReturnType<typeof featureModel>
