import type { MediaItem, MediaKind } from '@site/contracts'
import { Schema, type Connection, type Model, type Types } from 'mongoose'

/** One item of the media library; its bytes are the GridFS file `path` of the bucket `objects`. */
export interface MediaDoc {
  _id: Types.ObjectId
  name: string
  /** `name` lowercased, what the search matches (FerretDB has no collations). */
  name_key: string
  kind: MediaKind
  content_type: string
  path: string
  bytes: number
  width: number | null
  height: number | null
  alt_nl: string | null
  alt_en: string | null
  alt_de: string | null
  created_at: Date
}

const schema = new Schema<MediaDoc>(
  {
    name: { type: String, required: true },
    name_key: { type: String, required: true },
    kind: { type: String, required: true },
    content_type: { type: String, required: true },
    path: { type: String, required: true, unique: true },
    bytes: { type: Number, required: true },
    width: { type: Number, default: null },
    height: { type: Number, default: null },
    alt_nl: { type: String, default: null },
    alt_en: { type: String, default: null },
    alt_de: { type: String, default: null },
    created_at: { type: Date, default: () => new Date() },
  },
  { collection: 'media', versionKey: false },
)
schema.index({ created_at: -1, _id: -1 })

export type MediaModel = Model<MediaDoc>
export function mediaModel(db: Connection): MediaModel {
  return (db.models.Media as MediaModel | undefined) ?? db.model<MediaDoc>('Media', schema)
}

/**
 * The responsive variants of one stored image (a library item, a project image), by its object
 * path: its size, and the widths the AVIF/WebP variants were made at (`done` once the job ran).
 */
export interface ImageVariantsDoc {
  _id: string
  width: number
  height: number
  widths: number[]
  done: boolean
  /** The stored bytes could not be decoded: not tried again. */
  failed?: boolean
  updated_at: Date
}
const variantsSchema = new Schema<ImageVariantsDoc>(
  {
    _id: { type: String, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    widths: { type: [Number], default: [] },
    done: { type: Boolean, default: false },
    failed: { type: Boolean, default: false },
    updated_at: { type: Date, default: () => new Date() },
  },
  { collection: 'image_variants', versionKey: false },
)
export type ImageVariantsModel = Model<ImageVariantsDoc>
export function imageVariantsModel(db: Connection): ImageVariantsModel {
  return (
    (db.models.ImageVariants as ImageVariantsModel | undefined) ??
    db.model<ImageVariantsDoc>('ImageVariants', variantsSchema)
  )
}

export const toMediaDto = (doc: MediaDoc, widths: number[] = []): MediaItem => ({
  id: doc._id.toString(),
  name: doc.name,
  kind: doc.kind,
  content_type: doc.content_type,
  url: `/objects/${doc.path}`,
  bytes: doc.bytes,
  width: doc.width ?? null,
  height: doc.height ?? null,
  alt_nl: doc.alt_nl ?? null,
  alt_en: doc.alt_en ?? null,
  alt_de: doc.alt_de ?? null,
  variant_widths: widths,
  created_at: doc.created_at.toISOString(),
})
