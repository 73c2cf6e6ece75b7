import { Schema, type Connection, type Model } from 'mongoose'

/**
 * An old slug of a published page (docs/editorial.md, "Old URLs"), as the blog keeps its posts':
 * its URL answers 301 to the page's current slug, found by the page's id; it yields to a page that
 * holds the slug.
 */
export interface PageRedirectDoc {
  slug: string
  page_id: string
  created_at: Date
}
export type PageRedirectModel = Model<PageRedirectDoc>

const schema = new Schema<PageRedirectDoc>(
  {
    slug: { type: String, required: true, unique: true },
    page_id: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'page_slug_redirects', versionKey: false },
)
schema.index({ page_id: 1 })

export function pageRedirectModel(db: Connection): PageRedirectModel {
  return (
    (db.models.PageRedirect as PageRedirectModel | undefined) ??
    db.model<PageRedirectDoc>('PageRedirect', schema)
  )
}
