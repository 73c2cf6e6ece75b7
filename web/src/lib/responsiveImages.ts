// Stored images as responsive pictures: the content service makes AVIF and WebP variants of every
// image it stores, the blog service of every image an import stores (docs/content.md, "Media
// library"); a page reads their sizes and widths once per service (reads.images, on the server with
// the page's other reads) and renders <picture> with srcset.
// Images elsewhere, or whose variants are not made yet, stay plain <img>.
import type { ImageInfo } from '@site/contracts'
import { VARIANT_FORMATS, variantUrl } from '@site/contracts/rules'
import type { Language } from '@/i18n'
import { reads, useRead } from './publicReads'

/**
 * How wide images are shown, as the layouts say (the `sizes` attribute; .container is at most
 * 1200 px with 16 px padding below 768 px and 24 px from it; grid gaps are 24 px).
 */
export const IMAGE_SIZES = {
  /** layout.css .card-grid (/blog, /projects): 1 column, 2 from 640 px, 3 from 1024 px. */
  cardGrid:
    '(min-width: 1200px) 368px, (min-width: 1024px) calc((100vw - 96px) / 3), (min-width: 768px) calc((100vw - 72px) / 2), (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)',
  /** The home's project tiles (home.css .grid--3): 1 column, 3 from 768 px. */
  homeTiles: '(min-width: 1200px) 368px, (min-width: 768px) calc((100vw - 96px) / 3), calc(100vw - 32px)',
  /** The home's latest post (home-sections.css): full width, 45 % of at most 960 px from 768 px. */
  latestPost: '(min-width: 1008px) 432px, (min-width: 768px) calc((100vw - 48px) * 0.45), calc(100vw - 32px)',
  /** A post's image and body, a page's body (blog.css .blog-post, pages.css .cms-page: at most 820 px). */
  post: '(min-width: 868px) 820px, (min-width: 768px) calc(100vw - 48px), calc(100vw - 32px)',
} as const

/** An original stored by the content service (never a variant, never another site's image). */
const CONTENT_IMAGE = /^\/objects\/[a-z0-9-]+\/[A-Za-z0-9_]+\.(jpg|png|gif|webp)$/
/** An original of an imported .docx, stored by the blog service (docs/blog-import.md). */
const BLOG_IMAGE = /^\/api\/blog\/images\/[a-f0-9]{32}\.(jpg|png|gif|webp)$/
/** Images one page asks each service about (the services' limit). */
const MAX_IMAGES = 50

const stored = (pattern: RegExp, srcs: readonly (string | null | undefined)[]) => {
  const own = srcs.filter((s): s is string => typeof s === 'string' && pattern.test(s))
  return [...new Set(own)].sort().slice(0, MAX_IMAGES)
}

/**
 * The stored images among `srcs`, each once, in a stable order (the reads' keys), by the service
 * that stores them and answers for their variants (reads.images picks it by the URLs).
 */
export function imageSources(srcs: readonly (string | null | undefined)[]): {
  content: string[]
  blog: string[]
} {
  return { content: stored(CONTENT_IMAGE, srcs), blog: stored(BLOG_IMAGE, srcs) }
}

/** The `src` of every `<img>` of an HTML body. */
export function bodyImageSources(html: string | null | undefined): string[] {
  return [...(html ?? '').matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/gi)].map((m) => m[1]!)
}

/** The images of a document's bodies (every language: the server reads them all with the page). */
export function bodiesImageSources(
  doc: { content_nl: string; content_en: string; content_de?: string | null } | null | undefined,
): string[] {
  return doc ? [doc.content_nl, doc.content_en, doc.content_de].flatMap(bodyImageSources) : []
}

/** The images a post's page shows: its featured image and those of its bodies (every language). */
export function postImageSources(
  post:
    | { featured_image: string | null; content_nl: string; content_en: string; content_de: string | null }
    | null
    | undefined,
): (string | null | undefined)[] {
  if (!post) return []
  return [
    post.featured_image,
    ...[post.content_nl, post.content_en, post.content_de].flatMap(bodyImageSources),
  ]
}

/** The variants of one format as a srcset (`… 320w, … 640w`). */
export const srcsetOf = (info: ImageInfo, format: (typeof VARIANT_FORMATS)[number]) =>
  info.widths.map((w) => `${variantUrl(info.base, w, format)} ${w}w`).join(', ')

/** The alt text in the page's language, else Dutch, else `fallback` (a post's title). */
export function altOf(info: ImageInfo | undefined, language: Language, fallback: string): string {
  return info?.[`alt_${language}`] || info?.alt_nl || fallback
}

export type ImageInfos = ReadonlyMap<string, ImageInfo>

/** The responsive versions of the stored images among `srcs` (empty until read, or when none are). */
export function useImageInfos(srcs: readonly (string | null | undefined)[]): ImageInfos {
  const { content, blog } = imageSources(srcs)
  const library = useRead(reads.images(content), { enabled: content.length > 0 })
  const imported = useRead(reads.images(blog), { enabled: blog.length > 0 })
  return new Map([...(library.data ?? []), ...(imported.data ?? [])].map((i) => [i.src, i]))
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * A post's or page's HTML body with each stored image as a `<picture>` (AVIF, WebP, the original),
 * its size (no layout shift), lazy (a body is below the fold) and its alt text when the body's is
 * empty. Done at render time: the stored body keeps the plain `<img>` the editor wrote.
 */
export function rewriteBodyImages(
  html: string,
  infos: ImageInfos,
  opts: { language: Language; fallbackAlt: string; sizes: string },
): string {
  if (infos.size === 0) return html
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = /\ssrc="([^"]+)"/i.exec(tag)?.[1]
    const info = src ? infos.get(src) : undefined
    if (!info) return tag
    const currentAlt = /\salt="([^"]*)"/i.exec(tag)?.[1]
    let img = tag.replace(/\s(alt|width|height|loading|decoding|sizes|srcset)="[^"]*"/gi, '')
    const alt = currentAlt || escapeAttr(altOf(info, opts.language, opts.fallbackAlt))
    img = img.replace(
      /^<img\b/i,
      `<img alt="${alt}" width="${info.width}" height="${info.height}" loading="lazy" decoding="async"`,
    )
    const sources = VARIANT_FORMATS.map(
      (f) => `<source type="image/${f}" srcset="${srcsetOf(info, f)}" sizes="${opts.sizes}">`,
    ).join('')
    return `<picture>${sources}${img}</picture>`
  })
}
