import { Schema, type Connection } from 'mongoose'

/** Which one-time seeds ran, so defaults an admin deleted never come back on a restart. */
const schema = new Schema(
  { _id: { type: String, required: true }, at: { type: Date, default: () => new Date() } },
  { collection: 'seeds', versionKey: false },
)

export const seedMarkerModel = (db: Connection) => db.model('SeedMarker', schema)
export type SeedMarkerModel = ReturnType<typeof seedMarkerModel>
