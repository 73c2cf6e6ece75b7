// /blog/:slug (spec §2): skeleton while loading; 'Blog post not found' with a back link; else title
// (tags stripped), date, author, share buttons, tags, featured image and the HTML body in the chosen
// language with nl fallback (sanitized by the blog service on write), with back links to /blog.
import { ArrowLeft, Calendar, User } from 'lucide-react'
import { Suspense, lazy } from 'react'
import { Link, useParams } from 'react-router-dom'
import { LanguageNotice, Picture, Skeleton, fallsBackToDutch } from '@/components'
import { formatDate, localized, useLanguage, useLocalePath, useT } from '@/i18n'
import { tagFallbackImage } from '@/lib/images'
import { useDocumentMeta } from '@/lib/useDocumentMeta'
import {
  IMAGE_SIZES,
  altOf,
  postImageSources,
  rewriteBodyImages,
  useImageInfos,
} from '@/lib/responsiveImages'
import { reads, useRead, type PublicRead } from '@/lib/publicReads'
import type { PublicBlogPost } from '@site/contracts'
import { plainText } from '@site/contracts/text'
import { TagList } from './BlogCard'
import '../blog.css'

// The share row (Radix tooltips and their positioning code) is its own chunk; a placeholder of the
// row's height holds its place meanwhile, so nothing below moves.
const ShareButtons = lazy(() => import('./ShareButtons').then((m) => ({ default: m.ShareButtons })))

function BackLink() {
  const b = useT().blog
  const to = useLocalePath()
  return (
    <Link to={to('/blog')} className="blog-post__back">
      <ArrowLeft size={16} aria-hidden /> {b.backToBlog}
    </Link>
  )
}

/** The post of the URL's slug; a preview (PostPreview) passes the read of its link instead. */
export function BlogPostPage({ read }: { read?: PublicRead<PublicBlogPost | null> }) {
  const { slug = '' } = useParams<{ slug: string }>()
  const t = useT()
  const b = t.blog
  const { language } = useLanguage()
  const post = useRead(read ?? reads.post(slug))
  const data = post.data
  const body = data ? localized(data, 'content', language) : ''
  // The same images the server read with the page (routes.tsx): every language's body.
  const images = useImageInfos(postImageSources(data))
  const title = data ? plainText(localized(data, 'title', language)) : null
  const description = data
    ? localized(data, 'meta_description', language) || plainText(localized(data, 'excerpt', language))
    : null
  useDocumentMeta(post.isPending ? null : (title ?? b.notFound), description)

  if (post.isPending) {
    return (
      <div
        className="container page blog-post"
        role="status"
        aria-label={t.common.loading}
        data-testid="post-loading"
      >
        <Skeleton style={{ height: 16, width: 140 }} />
        <Skeleton style={{ height: 48, width: '80%', marginTop: 24 }} />
        <Skeleton style={{ height: 16, width: 260, marginTop: 16 }} />
        <Skeleton style={{ aspectRatio: '16 / 9', marginTop: 24 }} />
        <Skeleton style={{ height: 16, marginTop: 24 }} />
        <Skeleton style={{ height: 16, width: '90%', marginTop: 8 }} />
      </div>
    )
  }
  if (post.isError) {
    return (
      <div className="container page page--center" role="alert">
        <h1 className="page__title">{t.common.errorTitle}</h1>
        <p className="page__lead">{b.loadError}</p>
        <BackLink />
      </div>
    )
  }
  if (!data) {
    return (
      <div className="container page page--center" data-testid="post-not-found">
        <h1 className="page__title">{b.notFound}</h1>
        <p className="page__lead">{b.notFoundText}</p>
        <BackLink />
      </div>
    )
  }
  // A post without this language's text is shown in Dutch (lang="nl"); the reader is told why.
  const fallsBack = fallsBackToDutch(data, language)
  return (
    <article className="container page blog-post" lang={data[`title_${language}`] ? language : 'nl'}>
      <BackLink />
      {fallsBack ? (
        <LanguageNotice language={language} text={b.notInLanguage} testId="post-language-notice" />
      ) : null}
      <header className="blog-post__header">
        <h1 className="blog-post__title">{title}</h1>
        <p className="blog-card__meta">
          <span>
            <Calendar size={14} aria-hidden />
            <time dateTime={data.created_at}>{formatDate(data.created_at, language)}</time>
          </span>
          <span>
            <User size={14} aria-hidden />
            {data.author}
          </span>
        </p>
        {/* A preview's link is secret: it offers no sharing. */}
        {read ? null : (
          <Suspense fallback={<div className="blog-share blog-share--placeholder" aria-hidden="true" />}>
            <ShareButtons title={title ?? ''} />
          </Suspense>
        )}
        <TagList tags={data.tags ?? []} limit={0} />
      </header>
      <Picture
        src={data.featured_image || tagFallbackImage(data.tags)}
        info={data.featured_image ? images.get(data.featured_image) : undefined}
        sizes={IMAGE_SIZES.post}
        alt={data.featured_image ? altOf(images.get(data.featured_image), language, title ?? '') : ''}
        className="blog-post__image"
        width={800}
        height={500}
        eager
      />
      <div
        className="blog-post__body"
        data-testid="post-body"
        dangerouslySetInnerHTML={{
          __html: rewriteBodyImages(body, images, {
            language,
            fallbackAlt: title ?? '',
            sizes: IMAGE_SIZES.post,
          }),
        }}
      />
      <footer className="blog-post__footer">
        <BackLink />
      </footer>
    </article>
  )
}
