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

// The variants record of a library item or project image (collection `image_variants`), as every
// service that stores images keeps it.
export {
  imageVariantsModel,
  type ImageVariantsDoc,
  type ImageVariantsModel,
} from '@site/service-kit/editorial'

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
