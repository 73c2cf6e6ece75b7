// 'Import from file' at the top of a new post: the file input, the bytes sent or the import's stage
// and percent, and a note once the import filled the form.
import type { ChangeEvent } from 'react'
import { Field } from '@/components'
import { sizeInMb } from '@/lib/files'
import { onServer, type ImportProgress } from '@/lib/useBlogImport'
import { texts } from '../../texts'

const ACCEPT =
  '.txt,.md,.docx,text/plain,text/markdown,application/vnd.openxmlformats-officedocument.wordprocessingml.document'

export function ImportFromFile({
  progress,
  disabled,
  imported,
  error,
  onFile,
}: {
  progress: ImportProgress | null
  disabled: boolean
  imported: boolean
  error: string | null
  onFile: (e: ChangeEvent<HTMLInputElement>) => void
}) {
  const tb = texts.blog
  const status = importStatus(progress, tb)
  return (
    <div className="admin-import">
      <Field label={tb.importLabel} htmlFor="post-file" hint={tb.importHint} error={error}>
        <input
          id="post-file"
          type="file"
          className="admin-file"
          accept={ACCEPT}
          disabled={disabled}
          onChange={onFile}
          aria-describedby="post-file-hint"
        />
      </Field>
      {status ? (
        <div role="status" className="admin-progress" data-testid="blog-upload-status">
          <span>{status.text}</span>
          <progress max={100} value={status.percent} aria-label={status.text} />
          {onServer(progress) ? <span className="admin-muted">{tb.importFollow}</span> : null}
        </div>
      ) : null}
      {imported ? (
        <p className="admin-note" role="status">
          {tb.importedNote}
        </p>
      ) : null}
    </div>
  )
}

/** The bytes sent, then (once all are sent) the import's stage and percent. */
function importStatus(progress: ImportProgress | null, tb: typeof texts.blog) {
  if (!progress) return null
  if (progress.phase === 'uploading' && progress.loaded < progress.total) {
    return {
      text: tb.uploading(sizeInMb(progress.loaded), sizeInMb(progress.total)),
      percent: Math.round((progress.loaded / Math.max(1, progress.total)) * 100),
    }
  }
  if (progress.phase === 'processing' && progress.stage) {
    return { text: tb.stage(progress.stage, progress.percent ?? 0), percent: progress.percent }
  }
  return { text: tb.processing, percent: undefined }
}
