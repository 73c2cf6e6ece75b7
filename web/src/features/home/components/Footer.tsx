// 12. Footer: anchor links (methodology, tools, contact), /blog, /projects, /admin, the published
// pages, a back-to-top button, 100+ projects and © 2025 (spec §1, §2).
import { ArrowUp } from 'lucide-react'
import { Link } from 'react-router-dom'
import { Button, LogoMark } from '@/components'
import { localized, useLanguage, useLocalePath, useT } from '@/i18n'
import type { PageSummary } from '@site/contracts'
import { scrollToId } from '@/lib/useHashScroll'

export function Footer({ pages }: { pages: PageSummary[] | undefined }) {
  const t = useT()
  const { language } = useLanguage()
  const to = useLocalePath()
  const published = (pages ?? []).filter((p) => p.published)
  const anchor = (id: string, label: string) => (
    <li>
      <Link
        to={to(`/#${id}`)}
        onClick={(e) => {
          // On the page already: scroll. Otherwise the router navigates and useHashScroll waits for it.
          if (scrollToId(id)) e.preventDefault()
        }}
      >
        {label}
      </Link>
    </li>
  )
  const toTop = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
    document.getElementById('main')?.focus({ preventScroll: true })
  }
  return (
    <footer className="footer" data-testid="footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <span className="footer__logo">
            <LogoMark size={28} /> {t.common.companyName}
          </span>
          <p>{t.home.footerTagline}</p>
          <p className="footer__projects">{t.home.footerProjects}</p>
        </div>
        <nav aria-labelledby="footer-sections">
          <h2 id="footer-sections" className="footer__heading">
            {t.home.footerSections}
          </h2>
          <ul>
            {anchor(t.nav.anchors.methodology, t.nav.methodology)}
            {anchor(t.nav.anchors.tools, t.nav.tools)}
            {anchor(t.nav.anchors.contact, t.nav.contact)}
          </ul>
        </nav>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer__heading">
            {t.home.footerLinks}
          </h2>
          <ul>
            <li>
              <Link to={to('/blog')}>{t.nav.blog}</Link>
            </li>
            <li>
              <Link to={to('/projects')}>{t.home.projects}</Link>
            </li>
            <li>
              <Link to="/admin">{t.home.admin}</Link>
            </li>
          </ul>
        </nav>
        {published.length > 0 ? (
          <nav aria-labelledby="footer-pages">
            <h2 id="footer-pages" className="footer__heading">
              {t.home.footerPages}
            </h2>
            <ul>
              {published.map((p) => (
                <li key={p.id}>
                  <Link to={to(`/pages/${encodeURIComponent(p.slug)}`)}>
                    {localized(p, 'title', language)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="container footer__bottom">
        <span>
          {t.home.copyright} {t.common.companyName}
        </span>
        <Button variant="outline" size="sm" onClick={toTop}>
          <ArrowUp size={16} aria-hidden /> {t.home.backToTop}
        </Button>
      </div>
    </footer>
  )
}
