import { Link, useRouteError } from 'react-router-dom'
import { buttonClass } from '@/components'
import { useLocalePath, useT } from '@/i18n'

/** Unknown paths (the server answers them with 404). */
export function NotFoundPage() {
  const t = useT().common
  const to = useLocalePath()
  return (
    <div className="container page page--center" data-testid="not-found">
      <h1 className="page__title">{t.notFoundTitle}</h1>
      <p className="page__lead">{t.notFoundText}</p>
      <Link to={to('/')} className={buttonClass()}>
        {t.backHome}
      </Link>
    </div>
  )
}

/**
 * The server could not read the page's data (a service is down: it answers 503). A plain link
 * reloads the page, so the retry works before and without JavaScript.
 */
export function UnavailablePage({ path }: { path: string }) {
  const t = useT().common
  return (
    <div className="container page page--center" role="alert" data-testid="unavailable">
      <h1 className="page__title">{t.unavailableTitle}</h1>
      <p className="page__lead">{t.unavailableText}</p>
      <a href={path} className={buttonClass()}>
        {t.retry}
      </a>
    </div>
  )
}

/** A render error anywhere under the layout (a bug): a readable page instead of a blank screen. */
export function RouteError() {
  const error = useRouteError()
  const t = useT().common
  const to = useLocalePath()
  if (import.meta.env.DEV) console.error(error)
  return (
    <main className="container page page--center" id="main">
      <h1 className="page__title">{t.errorTitle}</h1>
      <p className="page__lead">{t.errorText}</p>
      <a href={to('/')} className={buttonClass()}>
        {t.backHome}
      </a>
    </main>
  )
}
