// /blog (spec §2): 'Our Blog', published posts only, 6 skeleton cards while loading, an empty
// state, post cards; signed-in users get 'Upload Blog' (the upload dialog).
import { BookOpen, Upload } from 'lucide-react'
import { Suspense, lazy, useState } from 'react'
import { Button } from '@/components'
import { useIsAdmin } from '@/features/auth'
import { useT } from '@/features/i18n'
import { useDocumentMeta } from '@/lib/useDocumentMeta'
import { usePublishedPosts } from '../api/blog'
import { BlogCard, BlogCardSkeleton } from './BlogCard'
import { useOpenedOnce } from '@/lib/useOpenedOnce'
import '../blog.css'

// Signed-in only and rarely used: its own chunk, loaded the first time the dialog opens.
const UploadBlogDialog = lazy(() => import('./UploadBlogDialog').then((m) => ({ default: m.UploadBlogDialog })))

export const BLOG_SKELETONS = 6

export function BlogListPage() {
  const t = useT()
  const b = t.blog
  const isAdmin = useIsAdmin()
  const posts = usePublishedPosts()
  const [uploading, setUploading] = useState(false)
  const uploadOpened = useOpenedOnce(uploading)
  useDocumentMeta(b.title, b.metaDescription)

  return (
    <div className="container page blog">
      <header className="page__header">
        <div>
          <h1 className="page__title">{b.title}</h1>
          <p className="page__lead">{b.lead}</p>
        </div>
        {isAdmin ? (
          <Button onClick={() => setUploading(true)}>
            <Upload size={18} aria-hidden /> {b.upload}
          </Button>
        ) : null}
      </header>
      {posts.isPending ? (
        <ul className="card-grid" aria-busy="true" aria-label={t.common.loading} data-testid="blog-loading">
          {Array.from({ length: BLOG_SKELETONS }, (_, i) => (
            <BlogCardSkeleton key={i} />
          ))}
        </ul>
      ) : posts.isError ? (
        <p className="blog__message" role="alert">
          {b.loadError}
        </p>
      ) : posts.data && posts.data.length > 0 ? (
        <ul className="card-grid">
          {posts.data.map((post) => (
            <BlogCard key={post.id} post={post} />
          ))}
        </ul>
      ) : (
        <div className="blog__empty" data-testid="blog-empty">
          <BookOpen size={40} aria-hidden />
          <h2>{b.emptyTitle}</h2>
          <p>{b.emptyText}</p>
        </div>
      )}
      {isAdmin && uploadOpened ? (
        <Suspense fallback={null}>
          <UploadBlogDialog open={uploading} onOpenChange={setUploading} />
        </Suspense>
      ) : null}
    </div>
  )
}
