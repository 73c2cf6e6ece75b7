// /preview/pages/:token: the page of a preview link, rendered exactly as its public page
// (CmsPage) under the preview bar; an expired or revoked link says so.
import { useParams } from 'react-router-dom'
import { PreviewFrame } from '@/components'
import { reads } from '@/lib/publicReads'
import { CmsPage } from './CmsPage'

export function PagePreview() {
  const { token = '' } = useParams<{ token: string }>()
  const read = reads.previewPage(token)
  return (
    <PreviewFrame read={read}>
      <CmsPage read={read} />
    </PreviewFrame>
  )
}
