// The frame of every page: skip link, the fixed top bar, the page, and the app-wide overlays
// (toasts, chat widget, login and contact dialogs) mounted once. Pages other than / and the two
// dialogs are separate chunks (React.lazy): the page waits in <Suspense>, and each dialog is mounted
// the first time it is opened, so / downloads neither; the toaster loads after the first render.
// The language of everything below comes from the URL (/en/…, /de/…, else nl): LanguageContext.
import { Suspense, lazy, useEffect, useLayoutEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom'
import { Spinner } from '@/components'
import { LoginDialog } from '@/features/auth'
import { ChatWidget } from '@/features/chat'
import { ContactDialog } from '@/features/contact'
import { LanguageContext, languageFromPath, useLanguageStore, useT } from '@/i18n'
import { useOpenedOnce } from '@/lib/useOpenedOnce'
import { useDialogs } from '@/stores/dialogs'
import { getBootState, setBootState } from '../bootState'
import { UnavailablePage } from '../pages/NotFound'
import { TopBar } from './TopBar'

// Radix Toast is not needed to paint the page: its chunk loads right after the first render.
const Toaster = lazy(() => import('@/components/ui/Toaster').then((m) => ({ default: m.Toaster })))

function PageFallback({ label }: { label: string }) {
  return (
    <div className="container page page--center" data-testid="page-loading">
      <Spinner label={label} size={28} />
    </div>
  )
}

export function RootLayout() {
  const { pathname } = useLocation()
  // /admin is one URL (its texts are the spec's one wording): it keeps the visitor's language.
  const stored = useLanguageStore((s) => s.language)
  const isAdmin = pathname === '/admin' || pathname.startsWith('/admin/')
  const language = isAdmin ? stored : languageFromPath(pathname)
  // Non-React readers (currentLanguage(), <html lang>) follow the page's URL; the stored choice
  // (localStorage) changes only through the language switch.
  useLayoutEffect(() => {
    if (useLanguageStore.getState().language !== language) useLanguageStore.setState({ language })
  }, [language])
  return (
    <LanguageContext.Provider value={language}>
      <Layout pathname={pathname} />
    </LanguageContext.Provider>
  )
}

function Layout({ pathname }: { pathname: string }) {
  const t = useT()
  const boot = getBootState()
  const unavailable = boot.status === 503 && boot.path === pathname
  useEffect(() => {
    if (boot.status !== 200 && boot.path !== pathname) setBootState({ status: 200, path: '' })
  }, [boot, pathname])
  const loginOpened = useOpenedOnce(useDialogs((s) => s.open.login))
  const contactOpened = useOpenedOnce(useDialogs((s) => s.open.contact))
  return (
    <>
      <a href="#main" className="skip-link">
        {t.common.skipToContent}
      </a>
      <TopBar />
      <main id="main" className="app-main" tabIndex={-1}>
        {unavailable ? (
          <UnavailablePage path={pathname} />
        ) : (
          <Suspense fallback={<PageFallback label={t.common.loading} />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <ChatWidget />
      {loginOpened ? (
        <Suspense fallback={null}>
          <LoginDialog />
        </Suspense>
      ) : null}
      {contactOpened ? (
        <Suspense fallback={null}>
          <ContactDialog />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <Toaster closeLabel={t.common.close} />
      </Suspense>
      <ScrollRestoration />
    </>
  )
}
