// A document's history (docs/api.md "History"): each saved version with when, who, what it did and
// which fields changed (in the admin's words), newest first; View shows a version beside the current
// one; Restore saves an earlier version again (a new version), saying so while it runs.
import { Eye, History, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { Button, Dialog, DialogContent } from '@/components'
import { useQuery, invalidateQueries, type QueryKey } from '@/lib/query'
import { listRevisions, restoreRevision } from '@/api/editorial'
import { toastError, toastSuccess } from '../../lib/toasts'
import { localDateTime } from '../../lib/localTime'
import { texts } from '../../texts'
import { fieldLabel } from '../../texts/editorial'
import { HistoryVersion } from './HistoryVersion'

/**
 * The History button of a row or a form, opening the dialog for the document at `path`. A form on
 * screen beside it (the site content's) passes `onRestored`, which receives the restored document
 * to show (its own unsaved edits would otherwise keep the restore out), and `unsaved` to warn.
 */
export function HistoryButton<T = unknown>({
  path,
  name,
  refresh,
  onRestored,
  unsaved = false,
}: {
  path: string
  name: string
  refresh: QueryKey
  onRestored?: (doc: T) => void
  unsaved?: boolean
}) {
  const [open, setOpen] = useState(false)
  const th = texts.history
  function show() {
    // Read afresh at every opening: a save (the form's, another admin's) does not invalidate the
    // list, and a copy kept from an earlier look would leave the latest versions out.
    void invalidateQueries(historyKey(path))
    setOpen(true)
  }
  return (
    <>
      <Button variant="outline" size="sm" onClick={show} aria-label={th.buttonFor(name)}>
        <History size={14} aria-hidden /> {th.button}
      </Button>
      {open ? (
        <HistoryDialog
          path={path}
          name={name}
          refresh={refresh}
          onRestored={onRestored as ((doc: unknown) => void) | undefined}
          unsaved={unsaved}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  )
}

const historyKey = (path: string): QueryKey => ['history', path]

function HistoryDialog({
  path,
  name,
  refresh,
  onRestored,
  unsaved,
  onClose,
}: {
  path: string
  name: string
  refresh: QueryKey
  onRestored: ((doc: unknown) => void) | undefined
  unsaved: boolean
  onClose: () => void
}) {
  const th = texts.history
  const key = historyKey(path)
  const revisions = useQuery(key, (signal) => listRevisions(path, signal))
  const [busy, setBusy] = useState(false)
  const [viewing, setViewing] = useState<string | null>(null)
  const [restoring, setRestoring] = useState<string | null>(null)

  async function restore(id: string, when: string) {
    setBusy(true)
    setRestoring(when)
    try {
      const doc = await restoreRevision(path, id)
      onRestored?.(doc)
      await Promise.all([invalidateQueries(key), invalidateQueries(refresh)])
      setViewing(null)
      toastSuccess(th.restored, th.restoredText)
    } catch (err) {
      toastError(th.failed, err, th.failedText)
    } finally {
      setBusy(false)
      setRestoring(null)
    }
  }

  const items = revisions.data?.items ?? []
  return (
    <Dialog open onOpenChange={(o) => (!o ? onClose() : undefined)}>
      <DialogContent title={th.title(name)} size="lg" closeLabel={texts.close}>
        <p className="admin-muted">{th.intro}</p>
        {unsaved ? <p role="note">{th.replacesUnsaved}</p> : null}
        {revisions.isPending ? <p role="status">{texts.loading}</p> : null}
        {revisions.isError ? <p role="alert">{th.loadError}</p> : null}
        {revisions.isSuccess && items.length === 0 ? <p>{th.empty}</p> : null}
        <p role="status" className="admin-muted" data-testid="history-status">
          {restoring ? th.restoring(restoring) : ''}
        </p>
        <ol className="admin-history" data-testid="history-list">
          {items.map((r, i) => {
            const when = localDateTime(r.created_at, true)
            return (
              <li key={r.id} className="admin-history__item" data-testid="history-item">
                <div>
                  <strong>{th.actions[r.action] ?? r.action}</strong> · {r.actor.name} ·{' '}
                  <time dateTime={r.created_at}>{when}</time>
                  {i === 0 ? <span className="admin-muted"> ({th.current})</span> : null}
                  <div className="admin-muted">
                    {r.fields.length
                      ? th.changed(r.fields.map(fieldLabel).join(', '))
                      : r.action === 'create'
                        ? th.firstVersion
                        : th.nothingChanged}
                  </div>
                </div>
                {i > 0 ? (
                  <div className="admin-history__actions">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-expanded={viewing === r.id}
                      onClick={() => setViewing(viewing === r.id ? null : r.id)}
                      aria-label={viewing === r.id ? th.hide : th.viewFor(when)}
                    >
                      <Eye size={14} aria-hidden /> {viewing === r.id ? th.hide : th.view}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      onClick={() => void restore(r.id, when)}
                      aria-label={th.restoreFor(when)}
                    >
                      <RotateCcw size={14} aria-hidden /> {th.restore}
                    </Button>
                  </div>
                ) : null}
                {viewing === r.id && items[0] ? (
                  <HistoryVersion
                    path={path}
                    id={r.id}
                    currentId={items[0].id}
                    when={when}
                    busy={busy}
                    onRestore={() => void restore(r.id, when)}
                  />
                ) : null}
              </li>
            )
          })}
        </ol>
      </DialogContent>
    </Dialog>
  )
}
