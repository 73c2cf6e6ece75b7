// The home's projects grid (spec §2), shown only when there are projects.
import { ArrowRight, ExternalLink } from 'lucide-react'
import { Link } from 'react-router-dom'
import { useLanguage, useLocalePath, useT } from '@/i18n'
import { Picture } from '@/components'
import { IMAGE_SIZES, altOf, type ImageInfos } from '@/lib/responsiveImages'
import { DEFAULT_IMAGES } from '@/lib/images'
import type { Project } from '@site/contracts'
import { HomeSection } from './HomeSection'
export function ProjectsGrid({ projects, images }: { projects: Project[] | undefined; images: ImageInfos }) {
  const t = useT().home
  const to = useLocalePath()
  const { language } = useLanguage()
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
                <Picture
                  src={p.image_url || DEFAULT_IMAGES.project}
                  info={p.image_url ? images.get(p.image_url) : undefined}
                  sizes={IMAGE_SIZES.homeTiles}
                  alt={altOf(p.image_url ? images.get(p.image_url) : undefined, language, '')}
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
