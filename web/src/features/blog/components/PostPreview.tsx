// /preview/blog/:token: the post of a preview link, rendered exactly as its public page
// (BlogPostPage) under the preview bar; an expired or revoked link says so.
import { useParams } from 'react-router-dom'
import { PreviewFrame } from '@/components'
import { reads } from '@/lib/publicReads'
import { BlogPostPage } from './BlogPostPage'

export function PostPreview() {
  const { token = '' } = useParams<{ token: string }>()
  const read = reads.previewPost(token)
  return (
    <PreviewFrame read={read}>
      <BlogPostPage read={read} />
    </PreviewFrame>
  )
}
