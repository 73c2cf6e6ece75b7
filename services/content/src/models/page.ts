import { Schema, type Connection } from 'mongoose'

const localized = (name: string, required: boolean) => ({
  [`${name}_nl`]: required ? { type: String, required: true } : { type: String, default: null },
  [`${name}_en`]: required ? { type: String, required: true } : { type: String, default: null },
  [`${name}_de`]: { type: String, default: null },
})

const schema = new Schema(
  {
    slug: { type: String, required: true, unique: true },
    ...localized('title', true),
    ...localized('content', true),
    ...localized('meta_description', false),
    published: { type: Boolean, default: true },
    created_at: { type: Date, default: () => new Date() },
    updated_at: { type: Date, default: () => new Date() },
  },
  { collection: 'pages', versionKey: false },
)
// The public list: published pages, newest first.
schema.index({ published: 1, created_at: -1 })

export const pageModel = (db: Connection) => db.model('Page', schema)
export type PageModel = ReturnType<typeof pageModel>
