// Section 1 (spec §2): full-height hero; a faint background image rotates among 5 images every
// 8 s at 0.15 opacity; badge, title and intro from the content, 4 bullets, two buttons.
import { CheckCircle2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { Badge, Button, buttonClass } from '@/components'
import { localized, useLanguage, useLocalePath, useT } from '@/i18n'
import { HERO_IMAGE_OPACITY, HERO_IMAGES, HERO_ROTATE_MS } from '@/lib/images'
import type { SiteContent } from '@site/contracts'
import { useDialogs } from '@/stores/dialogs'

function useRotation(count: number, everyMs: number) {
  const [index, setIndex] = useState(0)
  // Images are mounted once first shown, so the page loads one background, not five.
  const [mounted, setMounted] = useState(1)
  useEffect(() => {
    const timer = setInterval(() => {
      setIndex((i) => {
        const next = (i + 1) % count
        setMounted((m) => Math.max(m, next + 1))
        return next
      })
    }, everyMs)
    return () => clearInterval(timer)
  }, [count, everyMs])
  return { index, mounted }
}

export function Hero({ content }: { content: SiteContent | undefined }) {
  const t = useT()
  const { language } = useLanguage()
  const openDialog = useDialogs((s) => s.openDialog)
  const to = useLocalePath()
  const { index, mounted } = useRotation(HERO_IMAGES.length, HERO_ROTATE_MS)
  const title = localized(content, 'title', language)
  const intro = localized(content, 'intro', language)

  return (
    <section className="hero" aria-labelledby="hero-title" data-testid="hero">
      <div className="hero__backdrop" aria-hidden="true">
        {HERO_IMAGES.slice(0, mounted).map((src, i) => (
          <img
            key={src}
            src={src}
            alt=""
            className="hero__image"
            data-active={i === index}
            style={{ opacity: i === index ? HERO_IMAGE_OPACITY : 0 }}
            fetchPriority={i === 0 ? 'high' : 'low'}
            decoding="async"
          />
        ))}
      </div>
      <div className="container hero__inner">
        <Badge variant="secondary" className="hero__badge">
          {t.home.badge}
        </Badge>
        {title ? (
          <>
            <h1 id="hero-title" className="hero__title">
              {title}
            </h1>
            {intro ? <p className="hero__intro">{intro}</p> : null}
          </>
        ) : (
          <h1 id="hero-title" className="hero__title hero__title--loading">
            {t.home.heroLoading}
          </h1>
        )}
        <ul className="hero__bullets">
          {t.home.bullets.map((b) => (
            <li key={b}>
              <CheckCircle2 size={20} aria-hidden className="hero__bullet-icon" />
              {b}
            </li>
          ))}
        </ul>
        <div className="hero__actions">
          <Button size="lg" onClick={() => openDialog('contact')}>
            {t.home.scheduleConsultation}
          </Button>
          <Link to={to('/projects')} className={buttonClass({ variant: 'outline', size: 'lg' })}>
            {t.home.viewExamples}
          </Link>
        </div>
      </div>
    </section>
  )
}
