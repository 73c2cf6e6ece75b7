import { Schema, type Connection, type Model } from 'mongoose'
import type { StoredTranslations } from '@site/service-kit'
import { localizedPaths, type Localized } from './localized.js'

/** The one site-wide content record; its `_id` is always SITE_CONTENT_ID. */
export const SITE_CONTENT_ID = 'site'

export type ContentDoc = {
  _id: string
  address: string
  phone: string
  email: string
  updated_at: Date
  /** Per language: origin, source revision, review (lib/localized-translations.ts; absent in older ones). */
  translations?: StoredTranslations
  /** Each language's hash of its translatable fields as last written (the board reads these). */
  source_revs?: Record<string, string>
} & Localized<'title'> &
  Localized<'intro'> &
  Localized<'subtitle'> &
  Localized<'philosophy_title'> &
  Localized<'philosophy_text'>

const schema = new Schema<ContentDoc>(
  {
    _id: { type: String, required: true },
    ...localizedPaths('title'),
    ...localizedPaths('intro'),
    ...localizedPaths('subtitle'),
    ...localizedPaths('philosophy_title'),
    ...localizedPaths('philosophy_text'),
    address: { type: String, required: true },
    phone: { type: String, required: true },
    email: { type: String, required: true },
    updated_at: { type: Date, default: () => new Date() },
    translations: { type: Schema.Types.Mixed, default: undefined },
    source_revs: { type: Schema.Types.Mixed, default: undefined },
  },
  { collection: 'content', versionKey: false },
)

export type ContentModel = Model<ContentDoc>

export function contentModel(db: Connection): ContentModel {
  return (db.models.SiteContent as ContentModel | undefined) ?? db.model<ContentDoc>('SiteContent', schema)
}
