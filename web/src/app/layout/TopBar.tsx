// The fixed top bar (spec §2 "Top navigation bar"): centred logo that shrinks after 20 px of
// scroll, Methodology / Tools (smooth scroll), Blog, Contact (dialog), language switcher, and
// Login or Edit + Logout. Below 900 px the items collapse into a menu that closes after a choice.
// Foundation version; the public-site engineer owns and refines it.
import { Menu, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { Button, LogoMark } from '@/components'
import { useAuth } from '@/stores/auth'
import { LanguageSwitcher, stripLanguage, useLocalePath, useT } from '@/i18n'
import { cn } from '@/lib/cn'
import { scrollToId, useHashScroll } from '@/lib/useHashScroll'
import { useDialogs } from '@/stores/dialogs'
import { toast } from '@/stores/toast'

export const COMPACT_AFTER_PX = 20

function useScrolledPast(px: number) {
  const [past, setPast] = useState(false)
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [px])
  return past
}

export function TopBar() {
  const t = useT()
  const compact = useScrolledPast(COMPACT_AFTER_PX)
  const [menuOpen, setMenuOpen] = useState(false)
  const user = useAuth((s) => s.user)
  const logout = useAuth((s) => s.logout)
  const openDialog = useDialogs((s) => s.openDialog)
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const to = useLocalePath()
  useHashScroll()

  useEffect(() => setMenuOpen(false), [pathname])

  const goToSection = (id: string) => {
    setMenuOpen(false)
    if (stripLanguage(pathname) === '/' && scrollToId(id)) return
    navigate(to(`/#${id}`))
  }
  const onLogout = async () => {
    setMenuOpen(false)
    try {
      await logout()
      toast({ title: t.auth.loggedOut, description: t.auth.loggedOutText })
    } catch {
      toast({ title: t.common.errorTitle, description: t.common.errorText, variant: 'destructive' })
    }
  }

  const items = (
    <>
      <Button variant="ghost" className="topbar__item" onClick={() => goToSection(t.nav.anchors.methodology)}>
        {t.nav.methodology}
      </Button>
      <Button variant="ghost" className="topbar__item" onClick={() => goToSection(t.nav.anchors.tools)}>
        {t.nav.tools}
      </Button>
      <Link
        to={to('/blog')}
        className="btn btn--ghost btn--md topbar__item"
        onClick={() => setMenuOpen(false)}
      >
        {t.nav.blog}
      </Link>
      <Button
        variant="ghost"
        className="topbar__item"
        onClick={() => {
          setMenuOpen(false)
          openDialog('contact')
        }}
      >
        {t.nav.contact}
      </Button>
    </>
  )
  const account = (
    <>
      <LanguageSwitcher onSelect={() => setMenuOpen(false)} />
      {user ? (
        <>
          <Link
            to="/admin"
            className="btn btn--outline btn--md topbar__item"
            onClick={() => setMenuOpen(false)}
          >
            {t.nav.edit}
          </Link>
          <Button variant="ghost" className="topbar__item" onClick={onLogout}>
            {t.nav.logout}
          </Button>
        </>
      ) : (
        <Button
          variant="primary"
          className="topbar__item"
          onClick={() => {
            setMenuOpen(false)
            openDialog('login')
          }}
        >
          {t.nav.login}
        </Button>
      )}
    </>
  )

  return (
    <header className={cn('topbar', compact && 'topbar--compact')} data-compact={compact}>
      <div className="topbar__inner container">
        <nav className="topbar__nav topbar__nav--left" aria-label={t.nav.mainNavigation}>
          {items}
        </nav>
        <Link to={to('/')} className="topbar__logo">
          <LogoMark size={compact ? 28 : 40} />
          <span className="topbar__brand">{t.common.companyName}</span>
        </Link>
        <div className="topbar__nav topbar__nav--right">{account}</div>
        <Button
          variant="ghost"
          size="icon"
          className="topbar__menu-button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? t.nav.closeMenu : t.nav.openMenu}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
        </Button>
      </div>
      {menuOpen ? (
        <nav id="mobile-menu" className="topbar__mobile" aria-label={t.nav.mainNavigation}>
          {items}
          {account}
        </nav>
      ) : null}
    </header>
  )
}
