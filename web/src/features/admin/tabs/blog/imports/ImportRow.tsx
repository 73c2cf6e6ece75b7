// One import in the Blog tab's list: the file, who started it and when, its state with the stage
// and percent while it runs, the error and Retry when it failed, the post it made when done.
import { FileText, RotateCcw } from 'lucide-react'
import type { BlogImport, BlogImportPost } from '@site/contracts'
import { Badge, Button } from '@/components'
import { localDateTime } from '../../../lib/localTime'
import { isRunning } from './useImports'
import { texts } from '../../../texts'

const STATE_BADGE = {
  waiting: 'secondary',
  active: 'warning',
  completed: 'success',
  failed: 'destructive',
} as const
export function ImportRow({
  item,
  retrying,
  onRetry,
  onOpenPost,
}: {
  item: BlogImport
  retrying: boolean
  onRetry: () => void
  onOpenPost: (post: BlogImportPost) => void
}) {
  const ti = texts.imports
  const stage = ti.stages[item.stage] ?? item.stage
  return (
    <li className="admin-row admin-import" data-testid="admin-import" data-state={item.state}>
      <span className="admin-row__icon" aria-hidden>
        <FileText size={18} />
      </span>
      <div className="admin-row__main">
        <div className="admin-row__title">
          <span>{item.filename}</span>
          <Badge variant={STATE_BADGE[item.state]}>{ti.states[item.state] ?? item.state}</Badge>
        </div>
        <div className="admin-row__meta">
          <span>{ti.startedBy(item.author)}</span>
          <time dateTime={item.created_at}>{localDateTime(item.created_at)}</time>
          {item.attempts > 1 ? <span>{ti.attempts(item.attempts)}</span> : null}
        </div>
        {isRunning(item) ? (
          <div className="admin-progress" role="status">
            <span>{ti.progress(stage, item.progress)}</span>
            <progress max={100} value={item.progress} aria-label={ti.progress(stage, item.progress)} />
          </div>
        ) : null}
        {item.state === 'failed' ? <p className="admin-import__error">{item.error}</p> : null}
        {item.state === 'completed' ? <ImportedPost post={item.post} onOpen={onOpenPost} /> : null}
      </div>
      {item.state === 'failed' ? (
        <div className="admin-row__actions">
          <Button
            variant="outline"
            size="sm"
            disabled={retrying}
            onClick={onRetry}
            aria-label={ti.retryItem(item.filename)}
          >
            <RotateCcw size={14} aria-hidden /> {retrying ? ti.retrying : ti.retry}
          </Button>
        </div>
      ) : null}
    </li>
  )
}

/** The post a finished import made: opened in the editor (drafts too), and on the site once published. */
function ImportedPost({
  post,
  onOpen,
}: {
  post: BlogImportPost | null
  onOpen: (p: BlogImportPost) => void
}) {
  const ti = texts.imports
  if (!post) return <p className="admin-muted">{ti.postDeleted}</p>
  const title = (post.title_nl || post.title_en).replace(/<[^>]*>/g, '')
  return (
    <p className="admin-import__post">
      <Button variant="link" size="sm" onClick={() => onOpen(post)}>
        {ti.openPost(title)}
      </Button>
      {post.published ? (
        <a href={`/blog/${encodeURIComponent(post.slug)}`} target="_blank" rel="noopener noreferrer">
          {ti.viewPost}
        </a>
      ) : null}
    </p>
  )
}
