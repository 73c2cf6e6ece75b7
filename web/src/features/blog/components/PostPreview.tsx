// /preview/blog/:token: the post of a preview link, rendered exactly as its public page
// (BlogPostPage) under the preview bar; an expired or revoked link says so.
import { useParams } from 'react-router-dom'
import { useT } from '@/i18n'
import { PreviewBar } from '@/components'
import { reads, useRead } from '@/lib/publicReads'
import { BlogPostPage } from './BlogPostPage'

export function PostPreview() {
  const { token = '' } = useParams<{ token: string }>()
  const p = useT().preview
  const read = reads.previewPost(token)
  // The same read as the page's below (one request, one cache entry).
  const post = useRead(read)
  if (post.isSuccess && post.data === null) {
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
      <BlogPostPage read={read} />
    </>
  )
}
