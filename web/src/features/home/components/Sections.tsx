// Sections 2 to 10 of the home page (spec §2), in order.
import { ArrowRight, ExternalLink } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { Card, CardBody } from '@/components'
import { formatDate, localized, useLanguage, useLocalePath, useT } from '@/i18n'
import { DEFAULT_IMAGES, GALLERY_IMAGES, tagFallbackImage } from '@/lib/images'
import type { BlogPostSummary, Feature, Project, SiteContent } from '@site/contracts'

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '').trim()

/** A home section: the full-width band (tinted or not), its container, and the header whose h2 names it. */
function HomeSection({
  id,
  titleId,
  tinted,
  narrow,
  testId,
  eyebrow,
  title,
  lead,
  children,
}: {
  /** The section's anchor (`/#<id>`). */
  id?: string
  titleId: string
  tinted?: boolean
  narrow?: boolean
  testId?: string
  eyebrow?: string
  title: string
  lead?: string
  children: ReactNode
}) {
  return (
    <section
      id={id}
      className={tinted ? 'section section--tinted' : 'section'}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <div className={narrow ? 'container container--narrow' : 'container'}>
        <header className="section__header">
          {eyebrow ? <p className="section__eyebrow">{eyebrow}</p> : null}
          <h2 id={titleId} className="section__title">
            {title}
          </h2>
          {lead ? <p className="section__lead">{lead}</p> : null}
        </header>
        {children}
      </div>
    </section>
  )
}

/** Three plain cards of a title and a text. */
function TextCards({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className="grid grid--3">
      {items.map((item) => (
        <li key={item.title}>
          <Card>
            <CardBody>
              <h3 className="card-title">{item.title}</h3>
              <p className="muted">{item.text}</p>
            </CardBody>
          </Card>
        </li>
      ))}
    </ul>
  )
}

/** 2. Methodology: the features from the content service (fallback: the spec's steps). */
export function Methodology({
  content,
  features,
}: {
  content: SiteContent | undefined
  features: Feature[] | undefined
}) {
  const t = useT()
  const { language } = useLanguage()
  const items =
    features && features.length > 0
      ? features.map((f) => ({
          key: f.id,
          icon: f.icon,
          title: localized(f, 'title', language),
          text: localized(f, 'description', language),
        }))
      : t.home.methodologyFallback.map((f) => ({ key: f.title, ...f }))
  return (
    <HomeSection
      id={t.nav.anchors.methodology}
      titleId="methodology-title"
      eyebrow={t.home.methodologyEyebrow}
      title={t.home.methodologyTitle}
      lead={localized(content, 'subtitle', language)}
    >
      <ul className="grid grid--4">
        {items.map((f) => (
          <li key={f.key}>
            <Card className="feature-card">
              <CardBody>
                <span className="feature-card__icon" aria-hidden="true">
                  {f.icon}
                </span>
                <h3 className="card-title">{f.title}</h3>
                <p className="muted">{f.text}</p>
              </CardBody>
            </Card>
          </li>
        ))}
      </ul>
    </HomeSection>
  )
}

/** 3. Philosophy: title and text from the content. */
export function Philosophy({ content }: { content: SiteContent | undefined }) {
  const t = useT()
  const { language } = useLanguage()
  const title = localized(content, 'philosophy_title', language)
  const text = localized(content, 'philosophy_text', language)
  if (!title && !text) return null
  return (
    <HomeSection
      titleId="philosophy-title"
      tinted
      narrow
      // The stored title is often the eyebrow's own words ('Onze filosofie'): show them once.
      eyebrow={
        title.trim().toLowerCase() === t.home.philosophyEyebrow.toLowerCase()
          ? undefined
          : t.home.philosophyEyebrow
      }
      title={title}
    >
      <p className="philosophy__text">{text}</p>
    </HomeSection>
  )
}

/** 4. Free MVP in 3 steps. */
export function FreeMvp() {
  const t = useT().home
  return (
    <HomeSection titleId="mvp-title" eyebrow={t.mvpEyebrow} title={t.mvpTitle}>
      <ol className="grid grid--3 steps">
        {t.mvpSteps.map((s, i) => (
          <li key={s.title} className="step">
            <span className="step__number" aria-hidden="true">
              {i + 1}
            </span>
            <h3 className="card-title">{s.title}</h3>
            <p className="muted">{s.text}</p>
          </li>
        ))}
      </ol>
      <p className="mvp__guarantee">{t.mvpGuarantee}</p>
    </HomeSection>
  )
}

/** 5. Projects grid: only when projects exist; each link opens in a new tab. */
export function ProjectsGrid({ projects }: { projects: Project[] | undefined }) {
  const t = useT().home
  const to = useLocalePath()
  if (!projects || projects.length === 0) return null
  return (
    <HomeSection
      titleId="home-projects-title"
      tinted
      testId="home-projects"
      title={t.projectsTitle}
      lead={t.projectsLead}
    >
      <ul className="grid grid--3">
        {projects.slice(0, 6).map((p) => {
          const href = p.link_url || p.video_url || to('/projects')
          return (
            <li key={p.id}>
              <a href={href} target="_blank" rel="noopener noreferrer" className="project-tile">
                <img
                  src={p.image_url || DEFAULT_IMAGES.project}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  width={800}
                  height={500}
                />
                <span className="project-tile__body">
                  <span className="card-title">
                    {p.title} <ExternalLink size={14} aria-hidden />
                  </span>
                  <span className="muted line-clamp-2">{p.description}</span>
                  <span className="sr-only">{t.opensInNewTab}</span>
                </span>
              </a>
            </li>
          )
        })}
      </ul>
      <p className="section__more">
        <Link to={to('/projects')}>
          {t.projectsAll} <ArrowRight size={16} aria-hidden />
        </Link>
      </p>
    </HomeSection>
  )
}

/** 6. Who is this for. */
export function Audience() {
  const t = useT().home
  return (
    <HomeSection titleId="audience-title" title={t.audienceTitle}>
      <TextCards items={t.audience} />
    </HomeSection>
  )
}

/** 7. Knowledge transfer: sessions, documentation, 3 months support, figures. */
export function KnowledgeTransfer() {
  const t = useT().home
  return (
    <HomeSection titleId="knowledge-title" tinted title={t.knowledgeTitle} lead={t.knowledgeLead}>
      <TextCards items={t.knowledgeItems} />
      <dl className="figures">
        {t.knowledgeFigures.map((f) => (
          <div key={f.label} className="figures__item">
            <dt className="figures__label">{f.label}</dt>
            <dd className="figures__value">{f.value}</dd>
          </div>
        ))}
      </dl>
    </HomeSection>
  )
}

/** 8. Latest blog: the newest published post only. */
export function LatestBlog({ posts, loading }: { posts: BlogPostSummary[] | undefined; loading: boolean }) {
  const t = useT()
  const to = useLocalePath()
  const { language } = useLanguage()
  const post = posts?.[0]
  return (
    <HomeSection titleId="latest-blog-title" testId="latest-blog" title={t.home.latestBlogTitle}>
      {loading ? null : post ? (
        <Link to={to(`/blog/${encodeURIComponent(post.slug)}`)} className="latest-post">
          <img
            src={post.featured_image || tagFallbackImage(post.tags)}
            alt=""
            loading="lazy"
            decoding="async"
            width={800}
            height={500}
          />
          <span className="latest-post__body">
            <time className="muted" dateTime={post.created_at}>
              {formatDate(post.created_at, language)}
            </time>
            <span className="latest-post__title">{stripTags(localized(post, 'title', language))}</span>
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

const TOOLS = [
  'TypeScript',
  'React',
  'Node.js',
  'Python',
  'OpenAI',
  'LangChain',
  'n8n',
  'Make',
  'Zapier',
  'PostgreSQL',
  'MongoDB',
  'Docker',
  'Kubernetes',
  'Figma',
]

/** 9. Tools (anchor 'tools'). */
export function Tools() {
  const t = useT()
  return (
    <HomeSection
      id={t.nav.anchors.tools}
      titleId="tools-title"
      tinted
      title={t.home.toolsTitle}
      lead={t.home.toolsLead}
    >
      <ul className="tools">
        {TOOLS.map((tool) => (
          <li key={tool} className="tools__item">
            {tool}
          </li>
        ))}
      </ul>
    </HomeSection>
  )
}

/** 10. Gallery of 8 static image cards. */
export function Gallery() {
  const t = useT().home
  return (
    <HomeSection titleId="gallery-title" title={t.galleryTitle}>
      <ul className="gallery" data-testid="gallery">
        {GALLERY_IMAGES.map((src, i) => (
          <li key={src} className="gallery__card">
            <figure>
              <img
                src={src}
                alt={t.gallery[i] ?? ''}
                loading="lazy"
                decoding="async"
                width={800}
                height={500}
              />
              <figcaption>{t.gallery[i]}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </HomeSection>
  )
}
