// The fixed top bar (spec §2 "Top navigation bar"): centred logo that shrinks after 20 px of
// scroll, Methodology / Tools (smooth scroll), Blog, Contact (dialog), language switcher, and
// Login or Edit + Logout. Below 900 px the items collapse into a menu that closes after a choice.
// Foundation version; the public-site engineer owns and refines it.
import { Menu, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
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
  const { pathname, search, hash } = useLocation()
  const to = useLocalePath()
  const menuButton = useRef<HTMLButtonElement>(null)
  const cameFrom = useCameFrom(pathname, search, hash)
  useHashScroll()

  useEffect(() => setMenuOpen(false), [pathname])
  // Escape closes the phone menu, focus back on its button.
  useEffect(() => {
    if (!menuOpen) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setMenuOpen(false)
      menuButton.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])
  /** A dialog opened from the phone menu returns focus to the menu's button (its item is gone). */
  const open = (dialog: 'contact' | 'login') => {
    openDialog(dialog, menuOpen ? menuButton.current : null)
    setMenuOpen(false)
  }

  const goToSection = (id: string) => {
    setMenuOpen(false)
    if (stripLanguage(pathname) === '/' && scrollToId(id)) return
    navigate(to(`/#${id}`))
  }
  const onLogout = async () => {
    setMenuOpen(false)
    // Out of the admin first, to the page the admin came from (else home): on /admin a signed-out
    // visitor gets the login dialog, which is not what Logout asked for.
    if (isAdminPath(pathname)) await navigate(cameFrom.current ?? to('/'), { replace: true })
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
      <Button variant="ghost" className="topbar__item" onClick={() => open('contact')}>
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
        <Button variant="primary" className="topbar__item" onClick={() => open('login')}>
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
          ref={menuButton}
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

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/')

/** The last page outside the admin this tab showed (null: the admin was opened directly). */
function useCameFrom(pathname: string, search: string, hash: string) {
  const last = useRef<string | null>(null)
  useEffect(() => {
    if (!isAdminPath(pathname)) last.current = pathname + search + hash
  }, [pathname, search, hash])
  return last
}
