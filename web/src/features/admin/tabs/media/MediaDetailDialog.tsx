// One library item: preview, size, alt texts per language (saved together), where it is used
// (posts, pages, projects), copy its URL, and delete, which warns, and is refused while it is used.
import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import type { MediaItem } from '@site/contracts'
import { deleteMedia, getMedia, saveAltTexts } from '@/api/media'
import { Button, Dialog, DialogContent, TextField } from '@/components'
import { invalidateQueries, useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog'
import { toastError, toastSuccess } from '../../lib/toasts'
import { texts } from '../../texts'
import { MediaThumb } from './MediaThumb'

/** The admin tab that lists each kind of user of a file ("Used by" links there). */
const USED_IN_TAB = { post: 'blog', page: 'pages', project: 'projects', content: 'content' } as const

const LANGS = ['nl', 'en', 'de'] as const

export function MediaDetailDialog({ item, onClose }: { item: MediaItem | null; onClose: () => void }) {
  const t = texts.media
  const id = item?.id ?? null
  // No item: nothing to read (a refresh of every media key may still call this fetcher).
  const detail = useQuery(
    queryKeys.media.one(id ?? ''),
    (signal) => (id ? getMedia(id, signal) : Promise.resolve(null)),
    { enabled: id !== null },
  )
  const [alts, setAlts] = useState({ nl: '', en: '', de: '' })
  const [saving, setSaving] = useState(false)
  const [confirming, setConfirming] = useState(false)
  useEffect(() => {
    if (item) setAlts({ nl: item.alt_nl ?? '', en: item.alt_en ?? '', de: item.alt_de ?? '' })
  }, [item])
  if (!item) return null
  const usedBy = detail.data?.used_by
  const absolute = new URL(item.url, window.location.origin).href

  async function save() {
    setSaving(true)
    try {
      await saveAltTexts(item!.id, { alt_nl: alts.nl, alt_en: alts.en, alt_de: alts.de })
      // The list shows the save when the toast says it.
      await invalidateQueries(queryKeys.media.all)
      toastSuccess(t.saved)
    } catch (err) {
      toastError(t.saveFailed, err, t.saveFailed)
    } finally {
      setSaving(false)
    }
  }
  async function copy() {
    await navigator.clipboard.writeText(absolute).catch(() => undefined)
    toastSuccess(t.copied, absolute)
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={item.name} description={t.details} size="lg" closeLabel={texts.close}>
        <div className="admin-media-detail" data-testid="media-detail">
          <div className="admin-media-detail__preview">
            <MediaThumb item={item} />
          </div>
          <p className="admin-muted">
            {item.content_type} · {(item.bytes / 1024).toFixed(0)} KB {t.size(item.width, item.height)}
            {item.kind === 'image' ? ` · ${t.variants(item.variant_widths.length)}` : ''}
          </p>
          <div className="admin-media-detail__url">
            <code>{absolute}</code>
            <Button variant="outline" size="sm" onClick={() => void copy()}>
              {t.copyUrl}
            </Button>
          </div>
          {item.kind === 'image' ? (
            <fieldset className="form-stack">
              <legend>{t.altTexts}</legend>
              {LANGS.map((l) => (
                <TextField
                  key={l}
                  id={`media-alt-${l}`}
                  name={`alt_${l}`}
                  label={t.alt[l]}
                  value={alts[l]}
                  maxLength={300}
                  onChange={(value) => setAlts({ ...alts, [l]: value })}
                />
              ))}
              <Button onClick={() => void save()} disabled={saving}>
                {t.save}
              </Button>
            </fieldset>
          ) : null}
          <section aria-label={t.usedBy}>
            <h3 className="admin-media-detail__heading">{t.usedBy}</h3>
            {detail.isError ? (
              <p className="admin-muted">{t.usageUnknown}</p>
            ) : usedBy === undefined ? null : usedBy.length === 0 ? (
              <p className="admin-muted">{t.notUsed}</p>
            ) : (
              <ul data-testid="media-used-by">
                {usedBy.map((u) => (
                  <li key={`${u.kind}-${u.id}`}>
                    {t.kinds[u.kind]}: <Link to={`/admin?tab=${USED_IN_TAB[u.kind]}`}>{u.title}</Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {usedBy && usedBy.length > 0 ? (
            <p role="note" className="field__error" data-testid="media-in-use">
              {t.inUse}
            </p>
          ) : null}
          <div>
            <Button
              variant="destructive"
              onClick={() => setConfirming(true)}
              disabled={!usedBy || usedBy.length > 0}
            >
              {t.delete}
            </Button>
          </div>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          text={t.confirmDelete(item.name)}
          onConfirm={async () => {
            try {
              await deleteMedia(item.id)
            } catch (err) {
              toastError(t.deleteFailed, err, t.deleteFailed)
              throw err
            }
            onClose()
            // The lists only: the deleted item's details are not read again.
            await invalidateQueries(queryKeys.media.pages)
            toastSuccess(t.deleted)
          }}
        />
      </DialogContent>
    </Dialog>
  )
}
