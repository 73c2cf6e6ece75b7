// Blog tab (spec §2): all posts (drafts too) with Published/Draft badges, the 'needs review' mark
// of machine-translated posts, edit and delete, and 'New Blog Post'.
import { useState } from 'react'
import { Badge } from '@/components'
import { useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { formatDate, useLanguage, useT } from '@/features/i18n'
import { deletePost, listPosts, type AdminBlogPost } from '../api/admin'
import { BlogPostDialog, reviewFields } from './BlogPostDialog'
import {
  ConfirmDialog,
  deleteAndRefresh,
  ListState,
  NewButton,
  ItemRow,
  PublishedBadge,
  Section,
  useConfirm,
} from './common'

const stripTags = (s: string) => s.replace(/<[^>]*>/g, '')

export function BlogTab() {
  const t = useT().admin
  const tb = t.blog
  const { language } = useLanguage()
  const query = useQuery(queryKeys.blog.list('all'), listPosts)
  const [dialog, setDialog] = useState<{ open: boolean; post: AdminBlogPost | null }>({
    open: false,
    post: null,
  })
  const confirm = useConfirm<AdminBlogPost>()

  const remove = (post: AdminBlogPost) =>
    deleteAndRefresh(
      () => deletePost(post.id),
      queryKeys.blog.all,
      { title: tb.deleted, description: tb.deletedText },
      { title: tb.failed, fallback: tb.failedText },
    )

  return (
    <Section
      title={tb.heading}
      id="admin-blog"
      action={<NewButton label={tb.newItem} onClick={() => setDialog({ open: true, post: null })} />}
    >
      <ListState query={query} empty={tb.empty}>
        {(posts) => (
          <ul className="admin-list" data-testid="admin-blog-list">
            {posts.map((post) => {
              const title = stripTags(post.title_nl || post.title_en)
              const review = post.needs_review || reviewFields(post).length > 0
              return (
                <ItemRow
                  key={post.id}
                  title={title}
                  badges={
                    <>
                      <PublishedBadge published={post.published} />
                      {review ? (
                        <Badge variant="warning" title={tb.needsReviewHint}>
                          {tb.needsReview}
                        </Badge>
                      ) : null}
                    </>
                  }
                  meta={
                    <>
                      {post.title_en ? <span lang="en">{stripTags(post.title_en)}</span> : null}
                      <span>/blog/{post.slug}</span>
                      <span>{post.author}</span>
                      <time dateTime={post.created_at}>{formatDate(post.created_at, language)}</time>
                    </>
                  }
                  name={title}
                  onEdit={() => setDialog({ open: true, post })}
                  onDelete={() => confirm.ask(post)}
                />
              )
            })}
          </ul>
        )}
      </ListState>
      <BlogPostDialog
        open={dialog.open}
        post={dialog.post}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <ConfirmDialog
        {...confirm.dialogProps}
        text={t.confirmDelete(confirm.target ? stripTags(confirm.target.title_nl) : '')}
        onConfirm={() => remove(confirm.target!)}
      />
    </Section>
  )
}
