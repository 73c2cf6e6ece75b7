import { Schema, type Connection, type Model } from 'mongoose'

/**
 * The responsive variants of one stored image, by its path in its service's store: its size, and
 * the widths the AVIF/WebP variants were made at (`done` once the job ran). Collection
 * `image_variants` of the service that stores the image.
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
// The content worker's sweep (every minute): the images whose variants are still to make.
variantsSchema.index({ done: 1, updated_at: 1 })
export type ImageVariantsModel = Model<ImageVariantsDoc>
export function imageVariantsModel(db: Connection): ImageVariantsModel {
  return (
    (db.models.ImageVariants as ImageVariantsModel | undefined) ??
    db.model<ImageVariantsDoc>('ImageVariants', variantsSchema)
  )
}
