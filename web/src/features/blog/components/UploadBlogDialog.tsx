// The Upload Blog dialog on /blog (spec §2, §4, §5, §8): drag-and-drop or choose a .txt/.md/.docx
// file (≤ 10 MB); file name and size in MB; optional overrides (Dutch and English title, tags,
// 'Publish immediately'); 'Create Blog' / 'Processing...'. Shows the bytes sent, then the import
// job's stage and percent when the server answers 202. Success closes and resets the dialog and
// refreshes the blog list; failure shows the server message or 'Upload failed'. Closed before the
// end, the import goes on: a line while it runs and a toast on closing point to Admin → Blog → Imports.
import { useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { Button, Dialog, DialogContent } from '@/components'
import { DiscardChangesDialog } from '@/components/ui/DiscardChangesDialog'
import { localized, useLanguage, useT } from '@/i18n'
import { errorMessage } from '@/lib/api'
import { checkBlogFile } from '@/lib/files'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { useGuardedClose } from '@/lib/useGuardedClose'
import { formChanged } from '@/lib/useUnsavedChanges'
import { onServer, useBlogImport, type ImportProgress } from '@/lib/useBlogImport'
import { toast } from '@/stores/toast'
import { FileDropZone } from './upload/FileDropZone'
import {
  EMPTY_OVERRIDES,
  overrideFields,
  UploadOverridesFields,
  type UploadOverrides,
} from './upload/UploadOverrides'

/** The admin's list of imports (Blog tab), where an import goes on once this dialog is closed. */
const ADMIN_IMPORTS = '/admin?tab=blog#admin-imports'

export function UploadBlogDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const b = t.blog
  const { language } = useLanguage()
  const [file, setFile] = useState<File | null>(null)
  const [overrides, setOverrides] = useState<UploadOverrides>(EMPTY_OVERRIDES)
  const [busy, setBusy] = useState(false)
  const upload = useBlogImport()
  const inputRef = useRef<HTMLInputElement>(null)

  const reset = () => {
    setFile(null)
    setOverrides(EMPTY_OVERRIDES)
    if (inputRef.current) inputRef.current.value = ''
  }
  const choose = (f: File | undefined | null) => {
    if (!f) return
    const problem = checkBlogFile(f)
    if (problem === 'type')
      return toast({ title: b.invalidType, description: b.invalidTypeText, variant: 'destructive' })
    if (problem === 'size')
      return toast({ title: b.tooLarge, description: b.tooLargeText, variant: 'destructive' })
    setFile(f)
  }
  const setOpen = (o: boolean) => {
    if (!o) {
      // Closed before the end: the server's import goes on; say where to follow it.
      if (upload.discard()) toast({ title: b.importContinues, description: b.importContinuesText })
      reset()
    }
    onOpenChange(o)
  }
  // A chosen file or typed overrides: closing asks first.
  const guard = useGuardedClose(open && (file !== null || formChanged(overrides, EMPTY_OVERRIDES)), setOpen)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!file || busy) return
    setBusy(true)
    try {
      const result = await upload.start(file, {
        fields: overrideFields(overrides),
        failedText: b.uploadFailed,
      })
      if (!result) return // the dialog was closed meanwhile
      await invalidateQueries(queryKeys.blog.all)
      const title = localized(result.blogPost, 'title', language).replace(/<[^>]*>/g, '')
      toast({ title: b.uploadSucceeded, description: b.uploadSucceededText(title) })
      reset()
      onOpenChange(false)
    } catch (err) {
      const message = errorMessage(
        err,
        err instanceof Error && !('status' in err) && err.message ? err.message : b.uploadFailed,
      )
      toast({ title: b.uploadFailed, description: message, variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  const status = progressStatus(upload.progress, b)

  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent title={b.uploadTitle} description={b.uploadDescription} closeLabel={t.common.close}>
        <form onSubmit={onSubmit} className="form-stack" data-testid="upload-blog-form">
          <FileDropZone file={file} busy={busy} inputRef={inputRef} onChoose={choose} onRemove={reset} />
          {file ? <UploadOverridesFields value={overrides} onChange={setOverrides} disabled={busy} /> : null}
          {status ? (
            <div className="blog-upload__progress" data-testid="upload-progress">
              <progress max={100} value={status.percent} aria-label={status.text} />
              <p role="status">{status.text}</p>
              {onServer(upload.progress) ? (
                <p>
                  {b.followImport}{' '}
                  <Link to={ADMIN_IMPORTS} onClick={() => setOpen(false)}>
                    {b.followImportLink}
                  </Link>
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="dialog-actions">
            <Button type="button" variant="outline" onClick={guard.close}>
              {b.cancel}
            </Button>
            <Button type="submit" disabled={!file || busy}>
              {busy ? b.processing : b.create}
            </Button>
          </div>
        </form>
      </DialogContent>
      <DiscardChangesDialog {...guard.discard} texts={t.common.unsavedChanges} />
    </Dialog>
  )
}

/** Bytes sent as a percent, then the job's stage and percent. */
function progressStatus(progress: ImportProgress | null, b: ReturnType<typeof useT>['blog']) {
  if (progress?.phase === 'uploading') {
    const percent = Math.min(100, Math.round((progress.loaded / (progress.total || 1)) * 100))
    return { text: b.uploading(percent), percent }
  }
  if (progress?.phase === 'processing') {
    const stage = progress.stage ?? ''
    const percent = progress.percent ?? 0
    return { text: `${b.stage(b.stages[stage] ?? stage)} · ${percent}%`, percent }
  }
  return null
}
