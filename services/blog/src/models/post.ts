import { BlogPostCreate, type BlogPost } from '@site/contracts'
import { Schema, type Connection, type Model, type Types } from 'mongoose'
import type { StoredTranslations } from '../translations/model.js'

/**
 * The stored fields with rules of their own (required, a default, not text). Every other field of
 * the contract's create body (BlogPostCreate) is an optional text, stored as a string or null, so
 * a field added there is stored and answered with no edit here (docs/adding-a-field.md).
 */
const OWN_RULES = {
  slug: { type: String, required: true, unique: true },
  title_nl: { type: String, required: true },
  title_en: { type: String, required: true },
  excerpt_nl: { type: String, default: '' },
  excerpt_en: { type: String, default: '' },
  content_nl: { type: String, default: '' },
  content_en: { type: String, default: '' },
  published: { type: Boolean, default: false },
  publish_at: { type: Date, default: null },
  unpublish_at: { type: Date, default: null },
  author: { type: String, required: true },
  tags: { type: [String], default: [] },
}
type OptionalField = Exclude<keyof BlogPostCreate, keyof typeof OWN_RULES>
// A contract field that is not an optional text fails here: give it its line in OWN_RULES.
const onlyTexts: Record<OptionalField, string | null | undefined> = {} as Required<
  Pick<BlogPostCreate, OptionalField>
>
void onlyTexts

/** The contract's optional text fields (German texts, meta descriptions, featured image, ...). */
export const POST_OPTIONAL_FIELDS = Object.keys(BlogPostCreate.properties).filter(
  (key) => !(key in OWN_RULES),
) as OptionalField[]

/** Stored documents: the contract's fields (an optional one may be absent in an older document). */
type Stored<T> = { [K in keyof T]: null extends T[K] ? T[K] | undefined : T[K] }
export type PostDoc = Stored<
  Omit<
    BlogPost,
    | 'id'
    | 'created_at'
    | 'updated_at'
    | 'needs_translation'
    | 'needs_review'
    | 'publish_at'
    | 'unpublish_at'
    | 'languages'
    | 'translations'
    | 'glossary_issues'
  >
> & {
  _id: Types.ObjectId
  /** Scheduled moments (docs/editorial.md, "Scheduled publishing"); absent in older documents. */
  publish_at?: Date | null
  unpublish_at?: Date | null
  /** The import that made this post: a replayed or retried job finds it instead of making a second one. */
  source_upload_id?: string
  /** Bumped when the admin revokes the post's preview links: a link names the version it was made at. */
  preview_version?: number
  /** The account that wrote the post (issue 46): an author may change only their own drafts. */
  author_id?: string | null
  /** Glossary rules the machine translation broke (absent in older documents). */
  glossary_issues?: BlogPost['glossary_issues']
  /** Set while a moment is ahead: what the schedule sweep reads (the kit's scheduledMark). */
  scheduled?: boolean
  /** Per language: published, origin, source revision, review (translations/model.ts; absent in older posts). */
  translations?: StoredTranslations
  /** Each language's hash of its translatable fields as last written (translations/model.ts). */
  source_revs?: Record<string, string>
  created_at: Date
  updated_at: Date
}

const postSchema = new Schema<PostDoc>(
  {
    ...OWN_RULES,
    ...Object.fromEntries(POST_OPTIONAL_FIELDS.map((key) => [key, { type: String, default: null }])),
    // Written by imports, not by the admin's bodies.
    machine_translated: { type: [String], default: [] },
    untranslated: { type: [String], default: [] },
    glossary_issues: {
      type: [{ _id: false, lang: String, field: String, term: String, kind: String, expected: String }],
      default: [],
    },
    source_language: { type: String, default: null },
    source_upload_id: { type: String, default: undefined },
    preview_version: { type: Number, default: 0 },
    author_id: { type: String, default: null },
    scheduled: { type: Boolean, default: undefined },
    translations: { type: Schema.Types.Mixed, default: undefined },
    source_revs: { type: Schema.Types.Mixed, default: undefined },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, versionKey: false },
)
postSchema.index({ source_upload_id: 1 }, { unique: true, sparse: true })
// The lists' sort (newest first, _id breaking ties): the public list within published posts, the admin list over all.
postSchema.index({ published: 1, created_at: -1, _id: -1 })
postSchema.index({ created_at: -1, _id: -1 })
// The scheduler's sweep: the posts with a moment ahead (the kit's scheduledMark).
postSchema.index({ scheduled: 1 }, { sparse: true })
// The indexers' read of what changed (GET /api/blog/changes).
postSchema.index({ published: 1, updated_at: 1, _id: 1 })

export type PostModel = Model<PostDoc>

export function postModel(db: Connection): PostModel {
  return (
    (db.models.BlogPost as PostModel | undefined) ?? db.model<PostDoc>('BlogPost', postSchema, 'blog_posts')
  )
}
