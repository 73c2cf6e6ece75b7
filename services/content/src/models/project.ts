import { Schema, type Connection, type Model, type Types } from 'mongoose'

export type ProjectDoc = {
  _id: Types.ObjectId
  title: string
  description: string
  image_url: string | null
  video_url: string | null
  link_url: string | null
  created_at: Date
}

const schema = new Schema<ProjectDoc>(
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

export type ProjectModel = Model<ProjectDoc>

export function projectModel(db: Connection): ProjectModel {
  return (db.models.Project as ProjectModel | undefined) ?? db.model<ProjectDoc>('Project', schema)
}
