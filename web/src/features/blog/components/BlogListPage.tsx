// /blog (spec §2): 'Our Blog', published posts only, 6 skeleton cards while loading, an empty
// state, post cards; signed-in users get 'Upload Blog' (the upload dialog). Paged:
// `/blog?page=2` is a shareable URL of the second page, with previous/next links.
import { BookOpen, Upload } from 'lucide-react'
import { Suspense, lazy, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Button } from '@/components'
import { useIsAdmin } from '@/stores/auth'
import { useT } from '@/i18n'
import { pageParam } from '@/lib/pageNumber'
import { useDocumentMeta } from '@/lib/useDocumentMeta'
import { usePublishedPosts } from '@/api/blog'
import { BlogPageMissing, BlogPagination } from './BlogPagination'
import { BlogCard, BlogCardSkeleton } from './BlogCard'
import { useOpenedOnce } from '@/lib/useOpenedOnce'
import { useImageInfos } from '@/lib/responsiveImages'
import '../blog.css'

// Signed-in only and rarely used: its own chunk, loaded the first time the dialog opens.
const UploadBlogDialog = lazy(() =>
  import('./UploadBlogDialog').then((m) => ({ default: m.UploadBlogDialog })),
)

export const BLOG_SKELETONS = 6

export function BlogListPage() {
  const t = useT()
  const b = t.blog
  const isAdmin = useIsAdmin()
  const [params] = useSearchParams()
  // `?page=N`; absent: the first page. Other values (0, abc, past PAGE_MAX) and a page past the last
  // one are no page: the server answers 404 and the page says so (not page 1, not "no posts yet").
  const asked = pageParam(params)
  const page = asked ?? 1
  const posts = usePublishedPosts(page)
  const pages = posts.data ? Math.max(1, Math.ceil(posts.data.total / posts.data.pageSize)) : null
  const missing = asked === null || (page > 1 && pages !== null && page > pages)
  const images = useImageInfos((posts.data?.items ?? []).map((p) => p.featured_image))
  const [uploading, setUploading] = useState(false)
  const uploadOpened = useOpenedOnce(uploading)
  useDocumentMeta(page > 1 ? `${b.title} (${b.pageOf(page)})` : b.title, b.metaDescription)

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
      {missing ? (
        <BlogPageMissing pages={asked === null ? null : pages} />
      ) : posts.isPending ? (
        <ul className="card-grid" aria-busy="true" aria-label={t.common.loading} data-testid="blog-loading">
          {Array.from({ length: BLOG_SKELETONS }, (_, i) => (
            <BlogCardSkeleton key={i} />
          ))}
        </ul>
      ) : posts.isError ? (
        <p className="blog__message" role="alert">
          {b.loadError}
        </p>
      ) : posts.data && posts.data.items.length > 0 ? (
        <>
          <ul className="card-grid">
            {posts.data.items.map((post, i) => (
              <BlogCard
                key={post.id}
                post={post}
                first={i === 0}
                image={post.featured_image ? images.get(post.featured_image) : undefined}
              />
            ))}
          </ul>
          <BlogPagination page={posts.data.page} pageSize={posts.data.pageSize} total={posts.data.total} />
        </>
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
