// A page opened through a preview link (docs/editorial.md, "Preview links"): the bar above it says
// it is a preview of the saved version, which may not be on the site; an expired or revoked link
// shows a note instead of the page.
import type { ReactNode } from 'react'
import { Eye } from 'lucide-react'
import { useT } from '@/i18n'
import { useRead, type PublicRead } from '@/lib/publicReads'

export function PreviewBar() {
  const p = useT().preview
  return (
    <div className="preview-bar" role="note" data-testid="preview-bar">
      <strong className="preview-bar__label">
        <Eye size={16} aria-hidden /> {p.bar}
      </strong>
      <span>{p.text}</span>
    </div>
  )
}

/**
 * The public page of a preview link (`children`, given the same `read`: one request, one cache
 * entry) under the bar; the link's read answers null (404) once the link expired or was revoked.
 */
export function PreviewFrame<T>({ read, children }: { read: PublicRead<T | null>; children: ReactNode }) {
  const p = useT().preview
  const doc = useRead(read)
  if (doc.isSuccess && doc.data === null) {
    return (
      <div className="container page page--center" data-testid="preview-gone">
        <h1 className="page__title">{p.gone}</h1>
        <p className="page__lead">{p.goneText}</p>
      </div>
    )
  }
  return (
    <>
      <PreviewBar />
      {children}
    </>
  )
}
