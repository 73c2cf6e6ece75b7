// Blog post dialog (spec §2 "Admin dialogs and forms", §5, §8): Dutch and English titles with
// translate buttons, slug, excerpts, contents (8 rows), author, featured image URL, Published switch.
// When creating, a .txt/.md/.docx file can fill the form (usePostImport): submit then saves into the
// import's draft (PUT, so its translations, German fields, tags and review marks are kept).
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { BlogPost } from '@site/contracts'
import { createPost, getPost, updatePost } from '@/api/blog'
import { Dialog, DialogContent } from '@/components'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { toastError, toastSuccess } from '../../lib/toasts'
import { CONTENT_LIMITS, fieldMessage } from '../../lib/validation'
import { useGuardedClose } from '@/lib/useGuardedClose'
import { formChanged } from '@/lib/useUnsavedChanges'
import { DialogFormActions } from '../../components/dialog/DialogFormActions'
import { DiscardChangesDialog } from '@/components/ui/DiscardChangesDialog'
import { EditConflictNote } from '../../components/conflict/EditConflictNote'
import { useEditConflict } from '../../hooks/useEditConflict'
import { BlogPostFields } from './BlogPostFields'
import {
  EMPTY_POST_FORM,
  postToForm,
  reviewFields,
  toCreateBody,
  toUpdateBody,
  type BlogPostForm,
} from './blogPostForm'
import { ImportFromFile } from './ImportFromFile'
import { PreviewLinkPanel } from '../../components/preview/PreviewLinkPanel'
import { ReviewNote } from './ReviewNote'
import { SideBySide } from './SideBySide'
import { TitleField } from './TitleField'
import { usePostImport } from './usePostImport'
import { useTitleTranslation } from './useTitleTranslation'
import { texts } from '../../texts'

const TITLES = ['title_nl', 'title_en'] as const

export function BlogPostDialog({
  open,
  onOpenChange,
  post,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  post: BlogPost | null
}) {
  const t = texts
  const tb = t.blog
  const [form, setForm] = useState<BlogPostForm>(EMPTY_POST_FORM)
  const [initial, setInitial] = useState<BlogPostForm>(EMPTY_POST_FORM)
  const [reviewed, setReviewed] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const set = <K extends keyof BlogPostForm>(key: K, value: BlogPostForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }))
  const importer = usePostImport({ open, onImported: (p) => setForm(postToForm(p)) })
  const { translating, translate } = useTitleTranslation(set)
  const edits = useEditConflict(open, post, () => getPost(post!.id))
  const formRef = useRef<HTMLFormElement>(null)

  // Fresh form each time the dialog opens (create: empty; edit: the post's fields).
  useEffect(() => {
    if (!open) return
    const filled = post ? postToForm(post) : EMPTY_POST_FORM
    setForm(filled)
    setInitial(filled)
    setReviewed(false)
    setSubmitted(false)
  }, [open, post])

  const busy = saving || importer.busy
  // A file import fills the form, so it counts as a change too.
  const guard = useGuardedClose(open && (formChanged(form, initial) || reviewed), onOpenChange)
  const errors: Partial<Record<keyof BlogPostForm, string>> = {}
  for (const key of TITLES) {
    if (form[key].length > CONTENT_LIMITS.title) errors[key] = fieldMessage(key, 'max', CONTENT_LIMITS.title)
    else if (submitted && form[key].trim() === '') errors[key] = fieldMessage(key, 'required')
  }
  const target = post ?? importer.draft
  const review = reviewFields(target)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    const invalid = TITLES.find((key) => !form[key].trim() || form[key].length > CONTENT_LIMITS.title)
    if (invalid) return document.getElementById(`post-${invalid}`)?.focus()
    setSaving(true)
    try {
      if (target) {
        // Over the version opened (If-Match): 412 when someone saved it since (issue 45).
        await updatePost(target.id, toUpdateBody(form, reviewed ? review : []), post ? edits.base() : null)
        if (!post) importer.keepDraft()
      } else await createPost(toCreateBody(form))
      await invalidateQueries(queryKeys.blog.all)
      if (post) toastSuccess(tb.updated, tb.updatedText)
      else toastSuccess(tb.created, tb.createdText)
      // Spec §2: dialog forms reset after saving.
      setForm(EMPTY_POST_FORM)
      setSubmitted(false)
      onOpenChange(false)
    } catch (err) {
      if (!(await edits.caught(err).catch(() => false))) toastError(tb.failed, err, tb.failedText)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => (!saving ? guard.onOpenChange(o) : undefined)}>
      <DialogContent title={post ? tb.editTitle : tb.createTitle} size="lg" closeLabel={t.close}>
        <form
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          className="form-stack"
          data-testid="blog-post-form"
        >
          {post === null ? (
            <ImportFromFile
              progress={importer.progress}
              disabled={busy || importer.imported}
              imported={importer.imported}
              error={importer.fileError}
              onFile={(e) => void importer.onFile(e)}
            />
          ) : null}
          {edits.conflict ? (
            <EditConflictNote
              fields={edits.conflict.fields}
              busy={busy}
              onReload={() => {
                const current = edits.reload()
                if (current) setForm(postToForm(current))
                if (current) setInitial(postToForm(current))
              }}
              onOverwrite={() => {
                edits.overwrite()
                formRef.current?.requestSubmit()
              }}
            />
          ) : null}
          {post ? <SideBySide post={post} form={form} /> : null}
          {review.length ? (
            <ReviewNote
              fields={review}
              issues={post?.glossary_issues ?? []}
              checked={reviewed}
              onChange={setReviewed}
              disabled={busy}
            />
          ) : null}
          <div className="admin-grid-2">
            {TITLES.map((key) => (
              <TitleField
                key={key}
                language={key === 'title_nl' ? 'nl' : 'en'}
                value={form[key]}
                onChange={(v) => set(key, v)}
                error={errors[key]}
                disabled={busy}
                translating={translating}
                onTranslate={() => void translate(key === 'title_nl' ? 'nl' : 'en', form[key])}
              />
            ))}
          </div>
          {translating ? (
            <p role="status" className="admin-muted">
              {tb.translating}
            </p>
          ) : null}
          <BlogPostFields form={form} set={set} disabled={busy} />
          {post ? <PreviewLinkPanel path={`/api/blog/${post.id}`} /> : null}
          <DialogFormActions
            onCancel={guard.close}
            saving={saving}
            busy={busy}
            submitLabel={post ? tb.update : tb.create}
          />
        </form>
      </DialogContent>
      <DiscardChangesDialog {...guard.discard} texts={t.unsavedChanges} />
    </Dialog>
  )
}
