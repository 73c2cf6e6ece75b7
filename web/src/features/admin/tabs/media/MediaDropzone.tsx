// The Media tab's upload: drop files on the zone, or choose them; progress of the current file.
import { Upload } from 'lucide-react'
import { useRef, useState, type DragEvent } from 'react'
import { Button } from '@/components'
import { sizeInMb } from '@/lib/files'
import { texts } from '../../texts'
import { useMediaUpload } from './useMediaUpload'

export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf,video/mp4'

export function MediaDropzone() {
  const t = texts.media
  const { progress, upload } = useMediaUpload()
  const [over, setOver] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    if (!progress) void upload([...e.dataTransfer.files])
  }
  return (
    <div
      className={`admin-dropzone${over ? ' admin-dropzone--over' : ''}`}
      data-testid="media-dropzone"
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <Upload size={32} aria-hidden />
      <p className="admin-dropzone__title">{t.drop}</p>
      <input
        ref={input}
        type="file"
        multiple
        accept={MEDIA_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={t.choose}
        data-testid="media-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])]
          e.target.value = ''
          void upload(files)
        }}
      />
      <Button variant="outline" onClick={() => input.current?.click()} disabled={progress !== null}>
        {t.choose}
      </Button>
      <p className="admin-muted">{t.supported}</p>
      {progress ? (
        <div role="status" className="admin-upload-progress" data-testid="media-progress">
          <span>
            {t.uploading(progress.name)} ({progress.index}/{progress.count}): {sizeInMb(progress.loaded)} /{' '}
            {sizeInMb(progress.total)}
          </span>
          <progress
            value={progress.loaded}
            max={progress.total || 1}
            aria-label={t.uploading(progress.name)}
          />
        </div>
      ) : null}
    </div>
  )
}
