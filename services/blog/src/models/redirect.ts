import { Schema, type Connection, type Model } from 'mongoose'

/**
 * An old slug of a published post (docs/editorial.md, "Old URLs"): its URL answers 301 to the
 * post's current slug, found by the post's id (so a slug changed twice still leads to the last).
 * A slug another post holds is no redirect: the redirect yields (removed when the slug is taken,
 * and ignored on read meanwhile).
 */
export interface RedirectDoc {
  slug: string
  post_id: string
  created_at: Date
}
export type RedirectModel = Model<RedirectDoc>

const redirectSchema = new Schema<RedirectDoc>(
  {
    slug: { type: String, required: true, unique: true },
    post_id: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { versionKey: false },
)
// A deleted post's redirects go with it.
redirectSchema.index({ post_id: 1 })

export function redirectModel(db: Connection): RedirectModel {
  return (
    (db.models.BlogRedirect as RedirectModel | undefined) ??
    db.model<RedirectDoc>('BlogRedirect', redirectSchema, 'blog_slug_redirects')
  )
}
