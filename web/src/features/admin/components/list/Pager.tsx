import { Button } from '@/components'
import { texts } from '../../texts'

/** Previous / next and "Page X of Y" under a paged list; hidden while everything fits on one page. */
export function Pager({
  label,
  page,
  pageSize,
  total,
  busy,
  onPage,
}: {
  label: string
  page: number
  pageSize: number
  total: number
  busy?: boolean
  onPage: (page: number) => void
}) {
  const t = texts.pager
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1 && page <= 1) return null
  return (
    <nav className="admin-pager" aria-label={t.label(label)}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPage(Math.max(1, page - 1))}
        disabled={page <= 1 || busy}
      >
        {t.previous}
      </Button>
      <span aria-live="polite">{t.pageOf(page, pages, total)}</span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPage(Math.min(pages, page + 1))}
        disabled={page >= pages || busy}
      >
        {t.next}
      </Button>
    </nav>
  )
}
