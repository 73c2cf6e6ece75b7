import { Schema, type Connection, type Model } from 'mongoose'

/**
 * Old slugs of published documents (docs/editorial.md, "Old URLs"), one collection per kind (the
 * blog's posts, the content service's pages): an old slug's URL answers 301 to the document's
 * current slug, found by the document's id (so a slug changed twice still leads to the last). A
 * slug another document holds is no redirect: the redirect yields (removed when the slug is taken,
 * and ignored on read meanwhile).
 */
export type SlugRedirectDoc<F extends string> = { slug: string; created_at: Date } & Record<F, string>

/** A document as the redirects see it. */
export interface Slugged {
  _id: unknown
  slug: string
  published?: boolean
}

export interface SlugRedirectKind<F extends string> {
  /** The mongoose model's name and the collection (`blog_slug_redirects`, `page_slug_redirects`). */
  model: string
  collection: string
  /** The field naming the document (`post_id`, `page_id`). */
  idField: F
}

export function slugRedirectModel<F extends string>(
  db: Connection,
  kind: SlugRedirectKind<F>,
): Model<SlugRedirectDoc<F>> {
  const existing = db.models[kind.model] as Model<SlugRedirectDoc<F>> | undefined
  if (existing) return existing
  const schema = new Schema(
    {
      slug: { type: String, required: true, unique: true },
      [kind.idField]: { type: String, required: true },
      created_at: { type: Date, required: true },
    },
    { collection: kind.collection, versionKey: false },
  )
  // A deleted document's redirects go with it.
  schema.index({ [kind.idField]: 1 })
  return db.model<SlugRedirectDoc<F>>(kind.model, schema as never)
}

/** The redirects of one kind over its documents' model. */
export function slugRedirects<F extends string, D>(
  redirects: Model<SlugRedirectDoc<F>>,
  documents: Model<D>,
  idField: F,
) {
  const of = (id: unknown): Record<string, string> => ({ [idField]: String(id) })
  return {
    /**
     * After a save (`before` null: a create; `after` null: a delete): a published document that
     * left a slug keeps it as a redirect to itself; the slug it holds now is nobody's redirect any
     * more (a freed slug taken by another document, or one taking back its old slug); a deleted
     * document's redirects go.
     */
    async follow(before: Slugged | null, after: Slugged | null): Promise<void> {
      if (after) await redirects.deleteMany({ slug: after.slug } as never)
      if (before && after && before.slug !== after.slug && before.published)
        await redirects.updateOne(
          { slug: before.slug } as never,
          { $set: { ...of(after._id), created_at: new Date() } } as never,
          { upsert: true },
        )
      if (before && !after) await redirects.deleteMany(of(before._id) as never)
    },

    /**
     * Where an old slug leads now: the current slug and id of its published document; null when
     * it is no redirect, its document is not published, or a document holds the slug itself.
     */
    async resolve(slug: string): Promise<{ id: string; slug: string } | null> {
      const redirect = await redirects.findOne({ slug } as never).lean<SlugRedirectDoc<F>>()
      if (!redirect || (await documents.exists({ slug } as never))) return null
      const doc = await documents
        .findById(redirect[idField], { slug: 1, published: 1 })
        .lean<{ _id: unknown; slug: string; published?: boolean }>()
      return doc?.published ? { id: String(doc._id), slug: doc.slug } : null
    },
  }
}

export type SlugRedirects = ReturnType<typeof slugRedirects>
