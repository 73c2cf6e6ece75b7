import { Schema, type Connection } from 'mongoose'

const schema = new Schema(
  {
    title: { type: String, required: true },
    description: { type: String, required: true },
    image_url: { type: String, default: null },
    video_url: { type: String, default: null },
    link_url: { type: String, default: null },
    created_at: { type: Date, default: () => new Date(), index: true },
  },
  { collection: 'projects', versionKey: false },
)

export const projectModel = (db: Connection) => db.model('Project', schema)
export type ProjectModel = ReturnType<typeof projectModel>
