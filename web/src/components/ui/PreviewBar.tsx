// The bar above a page opened through a preview link: says it is a preview of the saved version,
// which may not be on the site (docs/editorial.md, "Preview links").
import { Eye } from 'lucide-react'
import { useT } from '@/i18n'

export function PreviewBar() {
  const p = useT().preview
  return (
    <div className="preview-bar" role="note" data-testid="preview-bar">
      <strong className="preview-bar__label">
        <Eye size={16} aria-hidden /> {p.bar}
      </strong>
      <span>{p.text}</span>
    </div>
  )
}
