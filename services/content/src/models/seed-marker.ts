import { Schema, type Connection, type Model } from 'mongoose'

/** Which one-time seeds ran, so defaults an admin deleted never come back on a restart. */
export type SeedMarkerDoc = {
  _id: string
  at: Date
}

const schema = new Schema<SeedMarkerDoc>(
  { _id: { type: String, required: true }, at: { type: Date, default: () => new Date() } },
  { collection: 'seeds', versionKey: false },
)

export type SeedMarkerModel = Model<SeedMarkerDoc>

export function seedMarkerModel(db: Connection): SeedMarkerModel {
  return (
    (db.models.SeedMarker as SeedMarkerModel | undefined) ?? db.model<SeedMarkerDoc>('SeedMarker', schema)
  )
}
