import { Link, useRouteError } from 'react-router-dom'
import { buttonClass } from '@/components'
import { useT } from '@/features/i18n'

export function NotFoundPage() {
  const t = useT().common
  return (
    <div className="container page page--center">
      <h1 className="page__title">{t.notFoundTitle}</h1>
      <p className="page__lead">{t.notFoundText}</p>
      <Link to="/" className={buttonClass()}>
        {t.backHome}
      </Link>
    </div>
  )
}

/** A render error anywhere under the layout (a bug): a readable page instead of a blank screen. */
export function RouteError() {
  const error = useRouteError()
  const t = useT().common
  if (import.meta.env.DEV) console.error(error)
  return (
    <main className="container page page--center" id="main">
      <h1 className="page__title">{t.errorTitle}</h1>
      <p className="page__lead">{t.errorText}</p>
      <a href="/" className={buttonClass()}>
        {t.backHome}
      </a>
    </main>
  )
}
