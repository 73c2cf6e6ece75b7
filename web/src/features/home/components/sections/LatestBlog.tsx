// The home's latest blog post (spec §2).
import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router-dom'
import { formatDate, localized, useLanguage, useLocalePath, useT } from '@/i18n'
import { tagFallbackImage } from '@/lib/images'
import { Picture } from '@/components'
import { IMAGE_SIZES, altOf, type ImageInfos } from '@/lib/responsiveImages'
import type { PublicBlogPostSummary } from '@site/contracts'
import { plainText } from '@site/contracts/text'
import { HomeSection } from './HomeSection'

export function LatestBlog({
  posts,
  loading,
  images,
}: {
  posts: PublicBlogPostSummary[] | undefined
  loading: boolean
  images: ImageInfos
}) {
  const t = useT()
  const to = useLocalePath()
  const { language } = useLanguage()
  const post = posts?.[0]
  const image = post?.featured_image ? images.get(post.featured_image) : undefined
  return (
    <HomeSection titleId="latest-blog-title" testId="latest-blog" title={t.home.latestBlogTitle}>
      {loading ? null : post ? (
        <Link to={to(`/blog/${encodeURIComponent(post.slug)}`)} className="latest-post">
          <Picture
            src={post.featured_image || tagFallbackImage(post.tags)}
            info={image}
            sizes={IMAGE_SIZES.latestPost}
            // The link's text is the title beside it: the picture adds its own alt text only.
            alt={post.featured_image ? altOf(image, language, '') : ''}
            width={800}
            height={500}
          />
          <span className="latest-post__body">
            <time className="muted" dateTime={post.created_at}>
              {formatDate(post.created_at, language)}
            </time>
            <span className="latest-post__title">{plainText(localized(post, 'title', language))}</span>
            <span className="muted">{localized(post, 'excerpt', language)}</span>
            <span className="latest-post__more">
              {t.home.readPost} <ArrowRight size={16} aria-hidden />
            </span>
          </span>
        </Link>
      ) : (
        <p className="muted">{t.home.noBlogPosts}</p>
      )}
    </HomeSection>
  )
}
