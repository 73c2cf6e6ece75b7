// The file part of the Upload Blog dialog: a drop area with 'choose a file' until a file is chosen,
// then its name, size in MB and a remove button. The file input itself is hidden.
import { FileText, UploadCloud, X } from 'lucide-react'
import { useState, type DragEvent, type RefObject } from 'react'
import { Button } from '@/components'
import { useT } from '@/i18n'
import { BLOG_FILE_ACCEPT, sizeInMb } from '@/lib/files'

export function FileDropZone({
  file,
  busy,
  inputRef,
  onChoose,
  onRemove,
}: {
  file: File | null
  busy: boolean
  inputRef: RefObject<HTMLInputElement | null>
  onChoose: (file: File | undefined | null) => void
  onRemove: () => void
}) {
  const b = useT().blog
  const [dragging, setDragging] = useState(false)
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    if (!busy) onChoose(e.dataTransfer.files?.[0])
  }
  return (
    <>
      {file ? (
        <div className="blog-upload__file" data-testid="upload-file">
          <FileText size={28} aria-hidden />
          <div>
            <p className="blog-upload__name">{file.name}</p>
            <p className="blog-upload__size">{sizeInMb(file.size)}</p>
          </div>
          <Button variant="ghost" size="icon" aria-label={b.removeFile} disabled={busy} onClick={onRemove}>
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
            <button type="button" className="blog-upload__choose" onClick={() => inputRef.current?.click()}>
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
        onChange={(e) => onChoose(e.target.files?.[0])}
      />
    </>
  )
}
