import type { ImageInfo } from '@site/contracts'
import { VARIANT_FORMATS } from '@site/contracts/rules'
import { fallbackSrcset } from '@/lib/images'
import { srcsetOf } from '@/lib/responsiveImages'

export interface PictureProps {
  src: string
  /** The image's variants (useImageInfos); without them a plain <img> of `src`. */
  info: ImageInfo | undefined
  /** How wide the image is shown, as the layout says (the `sizes` attribute). */
  sizes: string
  alt: string
  className?: string
  /** Width and height when there is no info (a fallback illustration): the aspect it is shown at. */
  width: number
  height: number
  /** On screen at load (the page's first image): fetched at once, with high priority. */
  eager?: boolean
}

/**
 * A stored image as `<picture>`: AVIF, then WebP, at the widths the content service made, the
 * browser picking by `sizes`; the original as the `<img>` for browsers without either. Width and
 * height are the original's (no layout shift); lazy unless `eager`.
 */
export function Picture({ src, info, sizes, alt, className, width, height, eager = false }: PictureProps) {
  // A tag fallback illustration has its own widths (no info: it is no stored image).
  const fallback = info ? null : fallbackSrcset(src)
  const img = (
    <img
      src={src}
      srcSet={fallback ?? undefined}
      sizes={fallback ? sizes : undefined}
      alt={alt}
      className={className}
      width={info?.width ?? width}
      height={info?.height ?? height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  )
  if (!info) return img
  return (
    <picture>
      {VARIANT_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcsetOf(info, format)} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}
