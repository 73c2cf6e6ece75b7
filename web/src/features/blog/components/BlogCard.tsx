import { ArrowRight, Calendar, User } from 'lucide-react'
import { Link } from 'react-router-dom'
import { Badge, Picture, Skeleton } from '@/components'
import { formatDate, localized, useLanguage, useLocalePath, useT } from '@/i18n'
import { tagFallbackImage } from '@/lib/images'
import type { PublicBlogPostSummary, ImageInfo } from '@site/contracts'
import { IMAGE_SIZES, altOf } from '@/lib/responsiveImages'
import { plainText } from '@site/contracts/text'

export const VISIBLE_TAGS = 3

/** Up to 3 tags and a '+N more' badge for the rest (spec §2, §9). */
export function TagList({ tags, limit = VISIBLE_TAGS }: { tags: string[]; limit?: number }) {
  const t = useT().blog
  if (tags.length === 0) return null
  const shown = limit ? tags.slice(0, limit) : tags
  const rest = tags.length - shown.length
  return (
    <ul className="blog-tags" aria-label={t.tags}>
      {shown.map((tag) => (
        <li key={tag}>
          <Badge variant="secondary">{tag}</Badge>
        </li>
      ))}
      {rest > 0 ? (
        <li>
          <Badge variant="outline">{t.moreTags(rest)}</Badge>
        </li>
      ) : null}
    </ul>
  )
}

/**
 * A post card of /blog: image (or the tag fallback), long date, author, title, excerpt, tags, 'Read more'.
 * `first`: the list's first card, whose image is on screen at load (a phone shows one card): fetched
 * at once and first, not lazily; it is the page's largest image.
 */
export function BlogCard({
  post,
  first = false,
  image,
}: {
  post: PublicBlogPostSummary
  first?: boolean
  /** The featured image's variants (useImageInfos), when it is a stored image. */
  image?: ImageInfo | undefined
}) {
  const t = useT().blog
  const { language } = useLanguage()
  const title = plainText(localized(post, 'title', language))
  const href = useLocalePath()(`/blog/${encodeURIComponent(post.slug)}`)
  return (
    <li className="blog-card" data-testid="blog-card">
      <Picture
        src={post.featured_image || tagFallbackImage(post.tags)}
        info={image}
        sizes={IMAGE_SIZES.cardGrid}
        // A stored image has its alt text (or the post's title); the tag illustration is decoration.
        alt={post.featured_image ? altOf(image, language, title) : ''}
        eager={first}
        width={800}
        height={500}
        className="blog-card__image"
      />
      <div className="blog-card__body">
        <p className="blog-card__meta">
          <span>
            <Calendar size={14} aria-hidden />
            <time dateTime={post.created_at}>{formatDate(post.created_at, language)}</time>
          </span>
          <span>
            <User size={14} aria-hidden />
            {post.author}
          </span>
        </p>
        <h2 className="blog-card__title">
          <Link to={href}>{title}</Link>
        </h2>
        <p className="blog-card__excerpt">{plainText(localized(post, 'excerpt', language))}</p>
        <TagList tags={post.tags ?? []} />
        {/* The title in hidden text rather than an aria-label: crawlers and Lighthouse read the
            link's text, and a bare 'Read more' tells them nothing. */}
        <Link to={href} className="blog-card__more">
          {t.readMore}
          <span className="sr-only">: {title}</span> <ArrowRight size={16} aria-hidden />
        </Link>
      </div>
    </li>
  )
}

export function BlogCardSkeleton() {
  return (
    <li className="blog-card" aria-hidden="true">
      <Skeleton className="blog-card__image" style={{ aspectRatio: '16 / 10' }} />
      <div className="blog-card__body">
        <Skeleton style={{ height: 14, width: '50%' }} />
        <Skeleton style={{ height: 24, width: '80%' }} />
        <Skeleton style={{ height: 16 }} />
        <Skeleton style={{ height: 16, width: '70%' }} />
      </div>
    </li>
  )
}
