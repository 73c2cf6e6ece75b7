/**
 * The media library (content service): uploaded images, PDFs and videos with alt texts per
 * language, and the responsive variants (AVIF/WebP at several widths) made of every stored image.
 */
import { Type, type Static } from 'typebox'

import { VARIANT_FORMATS, VARIANT_WIDTHS, variantUrl, type VariantFormat } from './rules.js'
export { VARIANT_FORMATS, VARIANT_WIDTHS, variantUrl, type VariantFormat }

export const MEDIA_KINDS = ['image', 'pdf', 'video'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]
export const ALT_MAX = 300

const nullable = Type.Union([Type.String(), Type.Null()])

/** Where an item is used, by what links it (a post's featured image, a page's body, ...). */
export const MediaUse = Type.Object({
  kind: Type.Union([
    Type.Literal('post'),
    Type.Literal('page'),
    Type.Literal('project'),
    Type.Literal('content'),
  ]),
  id: Type.String(),
  title: Type.String(),
})
export type MediaUse = Static<typeof MediaUse>

export const MediaItem = Type.Object({
  id: Type.String(),
  /** The file's name as uploaded (what the search matches). */
  name: Type.String(),
  kind: Type.Enum(MEDIA_KINDS),
  content_type: Type.String(),
  /** Public path of the stored file: `/objects/media/<id>.<ext>`. */
  url: Type.String(),
  bytes: Type.Integer({ minimum: 0 }),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  alt_nl: nullable,
  alt_en: nullable,
  alt_de: nullable,
  /** Widths the AVIF/WebP variants exist at (empty until the variants job has run). */
  variant_widths: Type.Array(Type.Integer()),
  created_at: Type.String(),
})
export type MediaItem = Static<typeof MediaItem>

export const MediaDetail = Type.Object({
  ...MediaItem.properties,
  used_by: Type.Array(MediaUse),
})
export type MediaDetail = Static<typeof MediaDetail>

const alt = Type.Optional(Type.Union([Type.String({ maxLength: ALT_MAX }), Type.Null()]))
export const MediaAltInput = Type.Object(
  { alt_nl: alt, alt_en: alt, alt_de: alt },
  { additionalProperties: false },
)
export type MediaAltInput = Static<typeof MediaAltInput>

/** The usage a service reports for one URL (the blog's posts, asked by the content service). */
export const MediaUsage = Type.Object({ items: Type.Array(MediaUse) })
export type MediaUsage = Static<typeof MediaUsage>

/**
 * What the public pages need to render a stored image as a `<picture>`: its size and the widths its
 * variants exist at, per image URL (`GET /api/content/images?src=…`). Images without variants (yet)
 * are left out, and the page shows the original.
 */
export const ImageInfo = Type.Object({
  src: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  widths: Type.Array(Type.Integer()),
  /** Public path of one variant is `<base>-w<width>.<format>`. */
  base: Type.String(),
  alt_nl: nullable,
  alt_en: nullable,
  alt_de: nullable,
})
export type ImageInfo = Static<typeof ImageInfo>
export const ImageInfoList = Type.Object({ items: Type.Array(ImageInfo) })
export type ImageInfoList = Static<typeof ImageInfoList>
