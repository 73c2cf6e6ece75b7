import { ProjectInput, type Project } from '@site/contracts'
import { Schema, type Connection, type Model, type Types } from 'mongoose'

/** The contract's optional fields (URLs and short texts): each stored as a string or null. */
type OptionalField = {
  [K in keyof ProjectInput]-?: undefined extends ProjectInput[K] ? K : never
}[keyof ProjectInput]
export const PROJECT_OPTIONAL_FIELDS = Object.keys(ProjectInput.properties).filter(
  (key) => !(ProjectInput.required as readonly string[]).includes(key),
) as OptionalField[]

/** A stored project: the contract's fields, with the id and the date in the database's types. */
export type ProjectDoc = Omit<Project, 'id' | 'created_at'> & { _id: Types.ObjectId; created_at: Date }

// The optional fields come from the contract, so adding one there needs no edit here.
const schema = new Schema<ProjectDoc>(
  {
    title: { type: String, required: true },
    description: { type: String, required: true },
    ...Object.fromEntries(PROJECT_OPTIONAL_FIELDS.map((key) => [key, { type: String, default: null }])),
    created_at: { type: Date, default: () => new Date(), index: true },
  },
  { collection: 'projects', versionKey: false },
)

export type ProjectModel = Model<ProjectDoc>

export function projectModel(db: Connection): ProjectModel {
  return (db.models.Project as ProjectModel | undefined) ?? db.model<ProjectDoc>('Project', schema)
}
