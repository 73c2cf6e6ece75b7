// The home page (spec §2): loads the site content (skeleton while loading, 'Error Loading Content'
// on failure), then the 12 sections in order.
import type { ReactNode } from 'react'
import { Skeleton } from '@/components'
import { useT } from '@/i18n'
import { HERO_IMAGE_OPACITY, HERO_IMAGES } from '@/lib/images'
import { useDocumentMeta } from '@/lib/useDocumentMeta'
import { useImageInfos } from '@/lib/responsiveImages'
import { useFeatures, useHomeProjects, useLatestPosts, usePublishedPages, useSiteContent } from '../api/home'
import { ContactSection } from './ContactSection'
import { Footer } from './Footer'
import { Hero } from './Hero'
import { Audience, FreeMvp, KnowledgeTransfer, Methodology, Philosophy } from './sections/AboutSections'
import { LatestBlog } from './sections/LatestBlog'
import { ProjectsGrid } from './sections/ProjectsGrid'
import { Gallery, Tools } from './sections/Tools'
import '../home.css'
import '../home-sections.css'
import '../home-footer.css'

function HomeSkeleton({ label }: { label: string }) {
  // Drawn inside the hero's frame with its first background image, so the page's largest image
  // starts loading with the first render instead of after the content call.
  return (
    <section className="hero hero--loading">
      <div className="hero__backdrop" aria-hidden="true">
        <img
          src={HERO_IMAGES[0]}
          alt=""
          className="hero__image"
          style={{ opacity: HERO_IMAGE_OPACITY }}
          fetchPriority="high"
          decoding="async"
        />
      </div>
      <div className="container home-skeleton" role="status" aria-label={label} data-testid="home-skeleton">
        <Skeleton style={{ height: 28, width: 220, margin: '0 auto' }} />
        <Skeleton style={{ height: 56, width: '70%', margin: '0 auto' }} />
        <Skeleton style={{ height: 20, width: '55%', margin: '0 auto' }} />
        <Skeleton style={{ height: 20, width: '45%', margin: '0 auto' }} />
        <Skeleton style={{ height: 48, width: 320, margin: '0 auto' }} />
      </div>
    </section>
  )
}

/** `contactForm`: the form of the contact section (section 11), given by the app (features do not import each other). */
export function HomePage({ contactForm }: { contactForm?: ReactNode }) {
  const t = useT()
  const content = useSiteContent()
  const features = useFeatures()
  const projects = useHomeProjects()
  const posts = useLatestPosts()
  // The same images the server read with the page (routes.tsx).
  const images = useImageInfos([
    ...(projects.data ?? []).map((p) => p.image_url),
    ...(posts.data?.items ?? []).map((p) => p.featured_image),
  ])
  const pages = usePublishedPages()
  useDocumentMeta(t.home.metaTitle, t.home.metaDescription)

  if (content.isPending) return <HomeSkeleton label={t.common.loading} />
  if (content.isError) {
    return (
      <div className="container page page--center" role="alert" data-testid="home-error">
        <h1 className="page__title">{t.home.loadErrorTitle}</h1>
        <p className="page__lead">{t.home.loadErrorText}</p>
      </div>
    )
  }
  const data = content.data
  return (
    <div className="home">
      <Hero content={data} />
      <Methodology content={data} features={features.data} />
      <Philosophy content={data} />
      <FreeMvp />
      <ProjectsGrid projects={projects.data} images={images} />
      <Audience />
      <KnowledgeTransfer />
      <LatestBlog posts={posts.data?.items} loading={posts.isPending} images={images} />
      <Tools />
      <Gallery />
      <ContactSection content={data} form={contactForm} />
      <Footer pages={pages.data} />
    </div>
  )
}
