import { Suspense, lazy, useEffect, useRef } from 'react'
import { Button, Spinner } from '@/components'
import { useAuth } from '@/stores/auth'
import { useT } from '@/i18n'
import { useDialogs } from '@/stores/dialogs'

const AdminPage = lazy(() => import('@/features/admin'))

/** /admin: the dashboard for signed-in users; signed-out visitors see a notice and the login dialog. */
export function AdminRoute() {
  const t = useT()
  const user = useAuth((s) => s.user)
  const status = useAuth((s) => s.status)
  const openDialog = useDialogs((s) => s.openDialog)
  const signedOut = status === 'ready' && !user
  // Logout leaves /admin for the page the admin came from, but the signed-out state can render
  // here before that navigation commits: a visit that had a user never opens the dialog itself.
  const hadUser = useRef(false)
  if (user) hadUser.current = true

  useEffect(() => {
    if (signedOut && !hadUser.current) openDialog('login')
  }, [signedOut, openDialog])

  if (status !== 'ready') {
    return (
      <div className="container page page--center">
        <Spinner label={t.common.loading} size={28} />
      </div>
    )
  }
  if (!user) {
    return (
      <div className="container page page--center" data-testid="admin-signin-required">
        <h1 className="page__title">{t.common.signInRequiredTitle}</h1>
        <p className="page__lead">{t.common.signInRequiredText}</p>
        <Button onClick={() => openDialog('login')}>{t.nav.login}</Button>
      </div>
    )
  }
  return (
    <Suspense
      fallback={
        <div className="container page page--center">
          <Spinner label={t.common.loading} size={28} />
        </div>
      }
    >
      <AdminPage />
    </Suspense>
  )
}
