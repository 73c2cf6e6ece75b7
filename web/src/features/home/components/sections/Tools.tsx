// The home's tools and gallery sections (spec §2).
import { useT } from '@/i18n'
import { GALLERY_IMAGES } from '@/lib/images'
import { HomeSection } from './HomeSection'

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
