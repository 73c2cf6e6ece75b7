import { Schema, type Connection } from 'mongoose'

/** The one site-wide content record; its `_id` is always SITE_CONTENT_ID. */
export const SITE_CONTENT_ID = 'site'

const localized = (name: string) => ({
  [`${name}_nl`]: { type: String, required: true },
  [`${name}_en`]: { type: String, required: true },
  [`${name}_de`]: { type: String, default: null },
})

const schema = new Schema(
  {
    _id: { type: String, required: true },
    ...localized('title'),
    ...localized('intro'),
    ...localized('subtitle'),
    ...localized('philosophy_title'),
    ...localized('philosophy_text'),
    address: { type: String, required: true },
    phone: { type: String, required: true },
    email: { type: String, required: true },
    updated_at: { type: Date, default: () => new Date() },
  },
  { collection: 'content', versionKey: false },
)

export const contentModel = (db: Connection) => db.model('SiteContent', schema)
export type ContentModel = ReturnType<typeof contentModel>
