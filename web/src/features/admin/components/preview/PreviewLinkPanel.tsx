// The preview link of a post's or a page's editor (docs/editorial.md, "Preview links"): make a signed link that
// shows the document as saved now to anyone holding it, copy it, or revoke every link of it.
import { Copy, Eye, Link2Off } from 'lucide-react'
import { useState } from 'react'
import type { PreviewLink } from '@site/contracts'
import { Button, Input, Label } from '@/components'
import { localDateTime } from '../../lib/localTime'
import { createPreview, revokePreviews } from '@/api/editorial'
import { toastError, toastSuccess } from '../../lib/toasts'
import { texts } from '../../texts'

/** `path`: the document's admin path (`/api/blog/<id>`, `/api/pages/<id>`). */
export function PreviewLinkPanel({ path }: { path: string }) {
  const tp = texts.preview
  const [link, setLink] = useState<PreviewLink | null>(null)
  const [busy, setBusy] = useState(false)

  async function run(action: () => Promise<void>) {
    setBusy(true)
    try {
      await action()
    } catch (err) {
      toastError(tp.failed, err, tp.failedText)
    } finally {
      setBusy(false)
    }
  }
  const make = () => run(async () => setLink(await createPreview(path)))
  const revoke = () =>
    run(async () => {
      await revokePreviews(path)
      setLink(null)
      toastSuccess(tp.revoked, tp.revokedText)
    })
  const copy = () =>
    run(async () => {
      await navigator.clipboard.writeText(link!.url)
      toastSuccess(tp.copied)
    })

  return (
    <section className="admin-preview" aria-labelledby="preview-heading" data-testid="preview-panel">
      <h3 id="preview-heading" className="admin-preview__heading">
        {tp.heading}
      </h3>
      <p className="admin-muted">{tp.text}</p>
      {link ? (
        <div className="form-stack">
          <Label htmlFor="preview-url">{tp.url}</Label>
          <Input id="preview-url" readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} />
          <p className="admin-muted">{tp.expires(localDateTime(link.expires_at))}</p>
        </div>
      ) : null}
      <div className="admin-row__actions">
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void make()}>
          <Eye size={14} aria-hidden /> {tp.create}
        </Button>
        {link ? (
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void copy()}>
            <Copy size={14} aria-hidden /> {tp.copy}
          </Button>
        ) : null}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="admin-danger"
          disabled={busy}
          onClick={() => void revoke()}
        >
          <Link2Off size={14} aria-hidden /> {tp.revoke}
        </Button>
      </div>
    </section>
  )
}
