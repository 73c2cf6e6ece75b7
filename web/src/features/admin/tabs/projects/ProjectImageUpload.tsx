// The project dialog's image: a preview, 'Upload Image' / 'Change Image' (one image file, ≤ 10 MB,
// POST /api/projects/upload), 'Remove image', the bytes sent and the upload's error.
import { ImageIcon } from 'lucide-react'
import { useRef, useState, type ChangeEvent } from 'react'
import { uploadProjectImage } from '@/api/projects'
import { Button } from '@/components'
import { MAX_UPLOAD_BYTES, sizeInMb } from '@/lib/files'
import { toast } from '@/stores/toast'
import { toastError, toastSuccess } from '../../lib/toasts'
import { texts } from '../../texts'
import { MediaPickerButton } from '../media/MediaPicker'

export function ProjectImageUpload({
  url,
  onChange,
  onUploading,
  disabled,
}: {
  url: string
  onChange: (url: string) => void
  onUploading: (uploading: boolean) => void
  disabled: boolean
}) {
  const tp = texts.projects
  const [uploading, setUploading] = useState<{ loaded: number; total: number } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const fileRef = useRef<HTMLInputElement>(null)

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setError(null)
    const problem = !file.type.startsWith('image/')
      ? tp.notImage
      : file.size > MAX_UPLOAD_BYTES
        ? tp.tooLarge
        : null
    if (problem) {
      setError(problem)
      toast({ title: tp.uploadFailed, description: problem, variant: 'destructive' })
      return
    }
    setUploading({ loaded: 0, total: file.size })
    onUploading(true)
    try {
      onChange(
        await uploadProjectImage(file, {
          onUploadProgress: ({ loaded, total }) => setUploading({ loaded, total: total ?? file.size }),
        }),
      )
      toastSuccess(tp.uploaded)
    } catch (err) {
      setError(tp.uploadFailed)
      toastError(tp.uploadFailed, err, tp.uploadFailed)
    } finally {
      setUploading(null)
      onUploading(false)
    }
  }

  return (
    <div className="field">
      <span className="label" id="project-image-label">
        {tp.image}
      </span>
      <div className="admin-image">
        <div className="admin-image__preview">
          {url ? (
            <img src={url} alt={tp.imagePreview} data-testid="project-image-preview" />
          ) : (
            <span className="admin-image__empty">
              <ImageIcon size={28} aria-hidden />
              <span>{tp.noImage}</span>
            </span>
          )}
        </div>
        <div className="admin-image__actions">
          <input
            ref={fileRef}
            id="project-image"
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-labelledby="project-image-label"
            onChange={(e) => void onFile(e)}
            data-testid="project-image-input"
          />
          <Button
            variant="outline"
            onClick={() => fileRef.current?.click()}
            disabled={disabled || uploading !== null}
            aria-describedby="project-image-hint"
          >
            {uploading ? tp.uploadingImage : url ? tp.changeImage : tp.uploadImage}
          </Button>
          <MediaPickerButton
            onPick={(picked) => onChange(picked)}
            disabled={disabled || uploading !== null}
          />
          {url && !uploading ? (
            <Button variant="ghost" size="sm" onClick={() => onChange('')} disabled={disabled}>
              {tp.removeImage}
            </Button>
          ) : null}
          <p className="field__hint" id="project-image-hint">
            {tp.imageHint}
          </p>
          {uploading ? (
            <p role="status" className="admin-muted">
              {sizeInMb(uploading.loaded)} / {sizeInMb(uploading.total)}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="field__error">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  )
}
