// Uploads of the Media tab: one file after another, the bytes sent of the current one.
import { useState } from 'react'
import { uploadMedia } from '@/api/media'
import { MAX_UPLOAD_BYTES } from '@/lib/files'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { toastError, toastSuccess } from '../../lib/toasts'
import { texts } from '../../texts'

export interface UploadProgress {
  name: string
  loaded: number
  total: number
  /** 1-based position of this file in the batch, and the batch's size. */
  index: number
  count: number
}

export function useMediaUpload() {
  const t = texts.media
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  async function upload(files: File[]) {
    let done = 0
    for (const [i, file] of files.entries()) {
      if (file.size > MAX_UPLOAD_BYTES) {
        toastError(t.uploadFailed, null, t.tooLarge(file.name))
        continue
      }
      setProgress({ name: file.name, loaded: 0, total: file.size, index: i + 1, count: files.length })
      try {
        await uploadMedia(file, {
          onUploadProgress: ({ loaded, total }) =>
            setProgress({
              name: file.name,
              loaded,
              total: total ?? file.size,
              index: i + 1,
              count: files.length,
            }),
        })
        done++
      } catch (err) {
        toastError(t.uploadFailed, err, t.uploadFailed)
      }
    }
    setProgress(null)
    if (done) {
      toastSuccess(t.uploaded(done))
      await invalidateQueries(queryKeys.media.all)
    }
  }
  return { progress, upload }
}
