// The Upload Blog dialog on /blog (spec §2, §4, §5, §8): drag-and-drop or choose a .txt/.md/.docx
// file (≤ 10 MB); file name and size in MB; optional overrides (Dutch and English title, tags,
// 'Publish immediately'); 'Create Blog' / 'Processing...'. Shows the bytes sent, then the import
// job's stage and percent when the server answers 202. Success closes and resets the dialog and
// refreshes the blog list; failure shows the server message or 'Upload failed'.
import { FileText, UploadCloud, X } from 'lucide-react'
import { useRef, useState, type DragEvent, type FormEvent } from 'react'
import { Button, Dialog, DialogContent, Field, Input, Label, Switch } from '@/components'
import { localized, useLanguage, useT } from '@/features/i18n'
import { errorMessage } from '@/lib/api'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { toast } from '@/stores/toast'
import { uploadBlogFile, type UploadOverrides, type UploadProgress } from '../api/blog'
import { BLOG_FILE_ACCEPT, checkBlogFile, sizeInMb } from '@/lib/files'

const EMPTY: UploadOverrides = { title_nl: '', title_en: '', tags: '', publish: false }

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
  const [overrides, setOverrides] = useState<UploadOverrides>(EMPTY)
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const [dragging, setDragging] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const abortRef = useRef<AbortController | null>(null)

  const reset = () => {
    setFile(null)
    setOverrides(EMPTY)
    setProgress(null)
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
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    if (!busy) choose(e.dataTransfer.files?.[0])
  }
  const setOpen = (o: boolean) => {
    if (!o) {
      abortRef.current?.abort()
      if (!busy) reset()
    }
    onOpenChange(o)
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!file || busy) return
    setBusy(true)
    const controller = new AbortController()
    abortRef.current = controller
    try {
      const result = await uploadBlogFile(file, overrides, setProgress, controller.signal)
      await invalidateQueries(queryKeys.blog.all)
      const title = localized(result.blogPost, 'title', language).replace(/<[^>]*>/g, '')
      toast({ title: b.uploadSucceeded, description: b.uploadSucceededText(title) })
      reset()
      onOpenChange(false)
    } catch (err) {
      if (!controller.signal.aborted) {
        const message = errorMessage(
          err,
          err instanceof Error && !('status' in err) && err.message ? err.message : b.uploadFailed,
        )
        toast({ title: b.uploadFailed, description: message, variant: 'destructive' })
      } else reset()
    } finally {
      setBusy(false)
      setProgress(null)
      abortRef.current = null
    }
  }

  const status =
    progress?.phase === 'upload'
      ? { text: b.uploading(progress.percent), percent: progress.percent }
      : progress?.phase === 'job'
        ? {
            text: `${b.stage(b.stages[progress.stage] ?? progress.stage)} · ${progress.percent}%`,
            percent: progress.percent,
          }
        : null

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent title={b.uploadTitle} description={b.uploadDescription} closeLabel={t.common.close}>
        <form onSubmit={onSubmit} className="form-stack" data-testid="upload-blog-form">
          {file ? (
            <div className="blog-upload__file" data-testid="upload-file">
              <FileText size={28} aria-hidden />
              <div>
                <p className="blog-upload__name">{file.name}</p>
                <p className="blog-upload__size">{sizeInMb(file.size)}</p>
              </div>
              <Button variant="ghost" size="icon" aria-label={b.removeFile} disabled={busy} onClick={reset}>
                <X size={18} aria-hidden />
              </Button>
            </div>
          ) : (
            <div
              className="blog-upload__drop"
              data-dragging={dragging}
              onDragOver={(e) => {
                e.preventDefault()
                setDragging(true)
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <UploadCloud size={36} aria-hidden />
              <p>
                {b.dropHere}{' '}
                <button
                  type="button"
                  className="blog-upload__choose"
                  onClick={() => inputRef.current?.click()}
                >
                  {b.chooseFile}
                </button>
              </p>
              <p className="blog-upload__hint">{b.fileTypes}</p>
            </div>
          )}
          <input
            ref={inputRef}
            type="file"
            accept={BLOG_FILE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="upload-input"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          {file ? (
            <fieldset className="blog-upload__overrides" disabled={busy}>
              <legend>{b.overrides}</legend>
              <Field label={b.titleNl} htmlFor="ub-title-nl">
                <Input
                  id="ub-title-nl"
                  value={overrides.title_nl}
                  placeholder={b.titlePlaceholder}
                  onChange={(e) => setOverrides((o) => ({ ...o, title_nl: e.target.value }))}
                />
              </Field>
              <Field label={b.titleEn} htmlFor="ub-title-en">
                <Input
                  id="ub-title-en"
                  value={overrides.title_en}
                  placeholder={b.titlePlaceholder}
                  onChange={(e) => setOverrides((o) => ({ ...o, title_en: e.target.value }))}
                />
              </Field>
              <Field label={b.tagsLabel} htmlFor="ub-tags">
                <Input
                  id="ub-tags"
                  value={overrides.tags}
                  placeholder={b.tagsPlaceholder}
                  onChange={(e) => setOverrides((o) => ({ ...o, tags: e.target.value }))}
                />
              </Field>
              <div className="blog-upload__switch">
                <Switch
                  id="ub-publish"
                  checked={overrides.publish}
                  onCheckedChange={(v) => setOverrides((o) => ({ ...o, publish: v }))}
                />
                <Label htmlFor="ub-publish">{b.publish}</Label>
              </div>
            </fieldset>
          ) : null}
          {status ? (
            <div className="blog-upload__progress" data-testid="upload-progress">
              <progress max={100} value={status.percent} aria-label={status.text} />
              <p role="status">{status.text}</p>
            </div>
          ) : null}
          <div className="dialog-actions">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {b.cancel}
            </Button>
            <Button type="submit" disabled={!file || busy}>
              {busy ? b.processing : b.create}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
