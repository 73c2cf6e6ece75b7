// /preview/pages/:token: the page of a preview link, rendered exactly as its public page
// (CmsPage) under the preview bar; an expired or revoked link says so.
import { useParams } from 'react-router-dom'
import { useT } from '@/i18n'
import { PreviewBar } from '@/components'
import { reads, useRead } from '@/lib/publicReads'
import { CmsPage } from './CmsPage'

export function PagePreview() {
  const { token = '' } = useParams<{ token: string }>()
  const p = useT().preview
  const read = reads.previewPage(token)
  // The same read as the page's below (one request, one cache entry).
  const page = useRead(read)
  if (page.isSuccess && page.data === null) {
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
      <CmsPage read={read} />
    </>
  )
}
