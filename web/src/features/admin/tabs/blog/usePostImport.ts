// The post editor's import from a file: POST /api/blog/upload imports it on the server (extract,
// translate, tag) and answers the draft it saved, or 202 with a job that useBlogImport follows.
// The import only fills the form: submit saves it into that draft, and closing the dialog any other
// way deletes the draft again. An import still running when the dialog closes goes on: its draft
// stays, and a toast says where to follow it (Blog tab, Imports).
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import type { BlogPost, BlogUploadResult } from '@site/contracts'
import { deletePost } from '@/api/blog'
import { errorMessage } from '@/lib/api'
import { checkBlogFile, MAX_UPLOAD_BYTES } from '@/lib/files'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { useBlogImport } from '@/lib/useBlogImport'
import { toast } from '@/stores/toast'
import { toastSuccess } from '../../lib/toasts'
import { texts } from '../../texts'

/** Deletes a draft an import made that the admin did not keep (best effort: the list shows it otherwise). */
function deleteImportDraft(id: string) {
  void deletePost(id)
    .catch(() => undefined)
    .finally(() => void invalidateQueries(queryKeys.blog.all))
}

/** A draft the import made (not one the same file had made before): the dialog's to discard. */
const ownDraft = (result: BlogUploadResult) =>
  result.blogPost.id && result.created !== false ? result.blogPost.id : null

export function usePostImport({ open, onImported }: { open: boolean; onImported: (post: BlogPost) => void }) {
  const tb = texts.blog
  // The close below runs from an effect that must not re-run on a language switch: texts by ref.
  const textsRef = useRef(tb)
  textsRef.current = tb
  const upload = useBlogImport()
  const { discard } = upload
  /** The draft the import saved on the server: submit updates it instead of creating a post. */
  const [draft, setDraft] = useState<BlogPost | null>(null)
  const [imported, setImported] = useState(false)
  const [fileError, setFileError] = useState<string | null>(null)
  /** Id of a draft this dialog's import created and the admin has not saved: deleted when the dialog closes. */
  const unsavedDraftRef = useRef<string | null>(null)

  // Each opening starts without an import; closing (Cancel, Escape, the close button) or leaving the
  // page discards it: the draft the admin saw in the form is deleted; one still being imported stays.
  useEffect(() => {
    const closeImport = () => {
      if (discard()) toastSuccess(textsRef.current.importContinues, textsRef.current.importContinuesText)
      const id = unsavedDraftRef.current
      unsavedDraftRef.current = null
      if (id) deleteImportDraft(id)
    }
    if (!open) closeImport()
    else {
      setDraft(null)
      setImported(false)
      setFileError(null)
    }
    return closeImport
  }, [open, discard])

  function fail(title: string, message: string) {
    setFileError(message)
    toast({ title, description: message, variant: 'destructive' })
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    setFileError(null)
    if (!file) return
    if (checkBlogFile(file) === 'type') return fail(tb.invalidType, tb.invalidTypeText)
    if (file.size > MAX_UPLOAD_BYTES) return fail(tb.uploadFailed, tb.tooLarge)
    try {
      const result = await upload.start(file, {
        fields: { sourceLanguage: 'nl' },
        failedText: tb.uploadFailedText,
      })
      if (!result) return
      // A post the same file made before (and maybe kept) is never deleted by this dialog.
      unsavedDraftRef.current = ownDraft(result)
      setDraft(result.blogPost.id ? result.blogPost : null)
      setImported(true)
      onImported(result.blogPost)
      toastSuccess(tb.uploaded, tb.tagsGenerated(result.aiGenerated?.tags?.length ?? 0))
    } catch (err) {
      fail(
        tb.uploadFailed,
        err instanceof Error && !('status' in err) ? err.message : errorMessage(err, tb.uploadFailedText),
      )
    }
  }

  return {
    progress: upload.progress,
    busy: upload.busy,
    imported,
    draft,
    fileError,
    onFile,
    /** The draft is saved now: closing the dialog must not delete it. */
    keepDraft: () => {
      unsavedDraftRef.current = null
    },
  }
}
