import { Schema, type Connection, type Model, type Types } from 'mongoose'

const optional = { type: String, default: null }

const postSchema = new Schema<PostDoc>(
  {
    slug: { type: String, required: true, unique: true },
    title_nl: { type: String, required: true },
    title_en: { type: String, required: true },
    title_de: optional,
    excerpt_nl: { type: String, default: '' },
    excerpt_en: { type: String, default: '' },
    excerpt_de: optional,
    content_nl: { type: String, default: '' },
    content_en: { type: String, default: '' },
    content_de: optional,
    meta_description_nl: optional,
    meta_description_en: optional,
    meta_description_de: optional,
    featured_image: optional,
    published: { type: Boolean, default: false },
    author: { type: String, required: true },
    tags: { type: [String], default: [] },
    machine_translated: { type: [String], default: [] },
    untranslated: { type: [String], default: [] },
    source_language: optional,
    /** The import that made this post: a replayed or retried job finds it instead of making a second one. */
    source_upload_id: { type: String, default: undefined },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, versionKey: false },
)
postSchema.index({ source_upload_id: 1 }, { unique: true, sparse: true })
// The lists' sort (newest first, _id breaking ties): the public list within published posts, the admin list over all.
postSchema.index({ published: 1, created_at: -1, _id: -1 })
postSchema.index({ created_at: -1, _id: -1 })
// The indexers' read of what changed (GET /api/blog/changes).
postSchema.index({ published: 1, updated_at: 1, _id: 1 })

type Opt = string | null | undefined

export type PostDoc = {
  _id: Types.ObjectId
  slug: string
  title_nl: string
  title_en: string
  title_de?: Opt
  excerpt_nl: string
  excerpt_en: string
  excerpt_de?: Opt
  content_nl: string
  content_en: string
  content_de?: Opt
  meta_description_nl?: Opt
  meta_description_en?: Opt
  meta_description_de?: Opt
  featured_image?: Opt
  published: boolean
  author: string
  tags: string[]
  machine_translated: string[]
  untranslated: string[]
  source_language?: Opt
  source_upload_id?: string
  created_at: Date
  updated_at: Date
}
export type PostModel = Model<PostDoc>

export function postModel(db: Connection): PostModel {
  return (
    (db.models.BlogPost as PostModel | undefined) ?? db.model<PostDoc>('BlogPost', postSchema, 'blog_posts')
  )
}
