// The home's sections about the way of working: methodology, philosophy, free MVP, audience and
// knowledge transfer (spec §2).
import { Card, CardBody, FeatureIcon } from '@/components'
import { localized, useLanguage, useT } from '@/i18n'
import type { Feature, SiteContent } from '@site/contracts'
import { HomeSection, TextCards } from './HomeSection'
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
                  <FeatureIcon value={f.icon} />
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
