// Blog tab (spec §2): all posts (drafts too), a page at a time with a title search, with
// Published/Draft badges, the 'needs review' mark of machine-translated posts, edit (the editor
// loads the full post) and delete, and 'New Blog Post'; below them the recent file imports. Beside
// each post its views of the last 30 days (usePostViews, for a role that may read analytics).
import { Badge } from '@/components'
import { queryKeys } from '@/lib/queryKeys'
import { localDate } from '../../lib/localTime'
import type { BlogPost, BlogPostSummary } from '@site/contracts'
import { plainText } from '@site/contracts/text'
import { deletePost, getPost, listPosts } from '@/api/blog'
import { BlogPostDialog } from './BlogPostDialog'
import { reviewFields } from './blogPostForm'
import { ADMIN_PAGE_SIZE, usePagedList } from '../../hooks/usePagedList'
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog'
import { deleteAndRefresh } from '../../lib/toasts'
import { ListState } from '../../components/list/ListState'
import { NewButton, Section } from '../../components/list/Section'
import { ItemRow, PublishedBadge } from '../../components/list/ItemRow'
import { Pager } from '../../components/list/Pager'
import { SearchField } from '../../components/list/SearchField'
import { useConfirm } from '../../hooks/useConfirm'
import { useEditFull } from '../../hooks/useEditDialog'
import { ImportsSection } from './imports/ImportsSection'
import { GlossarySection } from './GlossarySection'
import { XliffSection } from './XliffSection'
import { HistoryButton } from '../../components/history/HistoryDialog'
import { ScheduledBadge, ScheduleTimes } from '../../components/schedule/Schedule'
import { texts } from '../../texts'
import { roleCan } from '@site/contracts/role-table'
import { useAuth } from '@/stores/auth'
import { usePostViews } from './usePostViews'

export function BlogTab() {
  const t = texts
  const tb = t.blog
  const role = useAuth((s) => s.user?.role)
  const canImport = roleCan(role, 'imports')
  // The glossary and the agencies' files (issue 47): editors and translators.
  const canTranslate = roleCan(role, 'translate')
  const list = usePagedList(
    (page, q) => queryKeys.blog.page('all', page, ADMIN_PAGE_SIZE, q),
    (page, q, signal) => listPosts(page, ADMIN_PAGE_SIZE, q, signal),
  )
  const { query } = list
  const dialog = useEditFull<{ id: string }, BlogPost>(getPost)
  const confirm = useConfirm<BlogPostSummary>()
  const views = usePostViews()

  const remove = (post: BlogPostSummary) =>
    deleteAndRefresh(
      () => deletePost(post.id),
      queryKeys.blog.all,
      { title: tb.deleted, description: tb.deletedText },
      { title: tb.failed, fallback: tb.failedText },
    )

  return (
    <>
      <Section
        title={tb.heading}
        id="admin-blog"
        action={<NewButton label={tb.newItem} onClick={dialog.openNew} />}
      >
        <SearchField id="admin-blog-search" onSearch={list.search} />
        <ListState query={query} empty={list.q ? t.search.none(list.q) : tb.empty}>
          {(posts) => (
            <ul className="admin-list" data-testid="admin-blog-list">
              {posts.map((post) => {
                const title = plainText(post.title_nl || post.title_en)
                const review = post.needs_review || reviewFields(post).length > 0
                return (
                  <ItemRow
                    key={post.id}
                    title={title}
                    badges={
                      <>
                        <PublishedBadge published={post.published} />
                        <ScheduledBadge item={post} />
                        {review ? (
                          <Badge variant="warning" title={tb.needsReviewHint}>
                            {tb.needsReview}
                          </Badge>
                        ) : null}
                      </>
                    }
                    meta={
                      <>
                        {post.title_en ? <span lang="en">{plainText(post.title_en)}</span> : null}
                        <span>/blog/{post.slug}</span>
                        {views(post.slug) === null ? null : (
                          <span data-testid="post-views">{t.analytics.postViews(views(post.slug)!)}</span>
                        )}
                        <span>{post.author}</span>
                        <time dateTime={post.created_at}>{localDate(post.created_at)}</time>
                        <ScheduleTimes item={post} />
                      </>
                    }
                    name={title}
                    extra={
                      <HistoryButton
                        path={`/api/blog/${post.id}`}
                        name={title}
                        refresh={queryKeys.blog.all}
                      />
                    }
                    onEdit={() => void dialog.openEdit(post)}
                    onDelete={() => confirm.ask(post)}
                  />
                )
              })}
            </ul>
          )}
        </ListState>
        <Pager
          label={tb.heading}
          page={list.page}
          pageSize={ADMIN_PAGE_SIZE}
          total={query.data?.total ?? 0}
          busy={query.isFetching}
          onPage={list.setPage}
        />
        <BlogPostDialog open={dialog.open} post={dialog.item} onOpenChange={dialog.onOpenChange} />
        <ConfirmDialog
          {...confirm.dialogProps}
          text={t.confirmDelete(confirm.target ? plainText(confirm.target.title_nl) : '')}
          onConfirm={() => remove(confirm.target!)}
        />
      </Section>
      {/* Imports are an editor's (issue 46: an author has no `imports`). */}
      {canImport ? <ImportsSection onOpenPost={(post) => void dialog.openEdit(post)} /> : null}
      {canTranslate ? <XliffSection posts={query.data?.items ?? []} /> : null}
      {canTranslate ? <GlossarySection /> : null}
    </>
  )
}
