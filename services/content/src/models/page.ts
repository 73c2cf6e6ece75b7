import { Schema, type Connection, type Model, type Types } from 'mongoose'
import type { StoredTranslations } from '@site/service-kit'
import { localizedPaths, type Localized } from './localized.js'

export type PageDoc = {
  _id: Types.ObjectId
  slug: string
  published: boolean
  created_at: Date
  updated_at: Date
  /** Scheduled moments (docs/editorial.md, "Scheduled publishing"); absent in older documents. */
  publish_at?: Date | null
  unpublish_at?: Date | null
  /** Bumped when the admin revokes the page's preview links (docs/editorial.md, "Preview links"). */
  preview_version?: number
  /** Set while a moment is ahead: what the schedule sweep reads (the kit's scheduledMark). */
  scheduled?: boolean
  /** Per language: published, origin, source revision, review (lib/page-translations.ts; absent in older pages). */
  translations?: StoredTranslations
  /** Each language's hash of its translatable fields as last written (the board reads no bodies). */
  source_revs?: Record<string, string>
} & Localized<'title'> &
  Localized<'content'> & {
    meta_description_nl: string | null
    meta_description_en: string | null
    meta_description_de: string | null
  }

const schema = new Schema<PageDoc>(
  {
    slug: { type: String, required: true, unique: true },
    ...localizedPaths('title'),
    ...localizedPaths('content'),
    ...localizedPaths('meta_description', false),
    published: { type: Boolean, default: true },
    publish_at: { type: Date, default: null },
    unpublish_at: { type: Date, default: null },
    preview_version: { type: Number, default: 0 },
    scheduled: { type: Boolean, default: undefined },
    translations: { type: Schema.Types.Mixed, default: undefined },
    source_revs: { type: Schema.Types.Mixed, default: undefined },
    created_at: { type: Date, default: () => new Date() },
    updated_at: { type: Date, default: () => new Date() },
  },
  { collection: 'pages', versionKey: false },
)
// The list's sort (newest first, _id breaking ties): published pages for visitors, all for admins.
schema.index({ published: 1, created_at: -1, _id: -1 })
schema.index({ created_at: -1, _id: -1 })
// The scheduler's sweep: the pages with a moment ahead (the kit's scheduledMark).
schema.index({ scheduled: 1 }, { sparse: true })

export type PageModel = Model<PageDoc>

export function pageModel(db: Connection): PageModel {
  return (db.models.Page as PageModel | undefined) ?? db.model<PageDoc>('Page', schema)
}
