// One row of an admin list and its parts.
import { Pencil, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge, Button } from '@/components'
import { texts } from '../../texts'

/** Edit and Delete buttons of a list row; their accessible names carry the item's name. */
export function RowActions({
  name,
  extra,
  onEdit,
  onDelete,
}: {
  name: string
  /** More buttons before Edit (the History button). */
  extra?: ReactNode
  onEdit?: () => void
  onDelete: () => void
}) {
  const t = texts
  return (
    <div className="admin-row__actions">
      {extra}
      {onEdit ? (
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={t.editItem(name)}>
          <Pencil size={14} aria-hidden /> {t.edit}
        </Button>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className="admin-danger"
        onClick={onDelete}
        aria-label={t.deleteItem(name)}
      >
        <Trash2 size={14} aria-hidden /> {t.delete}
      </Button>
    </div>
  )
}

/**
 * One row of an admin list: optional leading cells (reorder buttons, icon, thumbnail), the title
 * with its badges, a line of details, and the Edit / Delete buttons (named after `name`).
 */
export function ItemRow({
  lead,
  title,
  badges,
  meta,
  name,
  extra,
  onEdit,
  onDelete,
}: {
  lead?: ReactNode
  title: ReactNode
  badges?: ReactNode
  meta?: ReactNode
  name: string
  extra?: ReactNode
  onEdit?: () => void
  onDelete: () => void
}) {
  return (
    <li className="admin-row" data-testid="admin-row">
      {lead}
      <div className="admin-row__main">
        <div className="admin-row__title">
          <span>{title}</span>
          {badges}
        </div>
        {meta ? <div className="admin-row__meta">{meta}</div> : null}
      </div>
      <RowActions name={name} extra={extra} onEdit={onEdit} onDelete={onDelete} />
    </li>
  )
}

/** Published / Draft badge of blog posts and pages. */
export function PublishedBadge({ published }: { published: boolean }) {
  const t = texts
  return <Badge variant={published ? 'success' : 'secondary'}>{published ? t.published : t.draft}</Badge>
}
