// /pages/:slug: a published page of the CMS (beyond the spec): title and content in the chosen
// language with nl fallback, its meta description in <meta name=description>, a not-found state.
// Content is HTML sanitized by the content service on write.
import { Link, useParams } from 'react-router-dom'
import { LanguageNotice, Skeleton, buttonClass, fallsBackToDutch } from '@/components'
import { formatDate, localized, useLanguage, useLocalePath, useT } from '@/i18n'
import { useDocumentMeta } from '@/lib/useDocumentMeta'
import { IMAGE_SIZES, bodiesImageSources, rewriteBodyImages, useImageInfos } from '@/lib/responsiveImages'
import { reads, useRead, type PublicRead } from '@/lib/publicReads'
import type { Page } from '@site/contracts'
import '../pages.css'

/** The published page of the URL's slug; a preview (PagePreview) passes the read of its link, drafts included. */
export function CmsPage({ read }: { read?: PublicRead<Page | null> }) {
  const { slug = '' } = useParams<{ slug: string }>()
  const t = useT()
  const { language } = useLanguage()
  const to = useLocalePath()
  const pages = useRead(read ?? reads.page(slug))
  const page = read || pages.data?.published ? (pages.data ?? null) : null
  const title = page ? localized(page, 'title', language) : null
  const description = page
    ? localized(page, 'meta_description', language) ||
      localized(page, 'content', language).replace(/<[^>]*>/g, ' ')
    : null
  useDocumentMeta(pages.isPending ? null : (title ?? t.pages.notFound), description)
  // The same images the server read with the page (routes.tsx): every language's body.
  const images = useImageInfos(bodiesImageSources(page))

  if (pages.isPending) {
    return (
      <div className="container page cms-page" role="status" aria-label={t.common.loading}>
        <Skeleton style={{ height: 48, width: '60%' }} />
        <Skeleton style={{ height: 16, marginTop: 24 }} />
        <Skeleton style={{ height: 16, width: '85%', marginTop: 8 }} />
      </div>
    )
  }
  if (!page) {
    return (
      <div
        className="container page page--center"
        data-testid="page-not-found"
        role={pages.isError ? 'alert' : undefined}
      >
        <h1 className="page__title">{pages.isError ? t.common.errorTitle : t.pages.notFound}</h1>
        <p className="page__lead">{pages.isError ? t.pages.loadError : t.pages.notFoundText}</p>
        <Link to={to('/')} className={buttonClass()}>
          {t.pages.backHome}
        </Link>
      </div>
    )
  }
  // A language the page is not on the site in (no text, taken down) is shown in Dutch, marked as such.
  const fallsBack = fallsBackToDutch(page, language)
  return (
    <article className="container page cms-page" data-testid="cms-page" lang={fallsBack ? 'nl' : language}>
      {fallsBack ? (
        <LanguageNotice language={language} text={t.pages.notInLanguage} testId="page-language-notice" />
      ) : null}
      <h1 className="page__title">{title}</h1>
      <p className="cms-page__updated">{t.pages.updated(formatDate(page.updated_at, language))}</p>
      <div
        className="cms-page__body"
        dangerouslySetInnerHTML={{
          __html: rewriteBodyImages(localized(page, 'content', language), images, {
            language,
            fallbackAlt: title ?? '',
            sizes: IMAGE_SIZES.post,
          }),
        }}
      />
    </article>
  )
}
