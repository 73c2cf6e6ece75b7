// Blog post dialog (spec §2 "Admin dialogs and forms", §5, §8): Dutch and English titles with
// translate buttons, slug, excerpts, contents (8 rows), author, featured image URL, Published switch.
// When creating, a .txt/.md/.docx file can fill the form: POST /api/blog/upload imports it on the
// server (extract, translate, tag) and answers the draft it saved, or 202 with a job we follow.
// For the admin the import only fills the form: submit saves it into that draft (PUT, so the
// translations, German fields, tags and review marks of the import are kept), and closing the
// dialog any other way deletes the draft again, also when the import finishes after the close.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { Button, Dialog, DialogContent, Field, Input, Label, Switch, Textarea } from '@/components'
import { errorMessage } from '@/lib/api'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import type { BlogLocalizedField, BlogPost, BlogPostCreate, BlogPostUpdate, BlogUploadResult } from '@site/contracts'
import { toast } from '@/stores/toast'
import { useT } from '@/features/i18n'
import {
  createPost,
  deletePost,
  getImportJob,
  translateTitle,
  updatePost,
  uploadBlogFile,
} from '../api/admin'
import { checkBlogFile, MAX_UPLOAD_BYTES, sizeInMb } from '@/lib/files'
import { CONTENT_LIMITS, fieldMessage } from '../lib/validation'
import { orNull, toastError, toastSuccess } from './common'

interface Form {
  title_nl: string
  title_en: string
  slug: string
  excerpt_nl: string
  excerpt_en: string
  content_nl: string
  content_en: string
  author: string
  featured_image: string
  published: boolean
}

const EMPTY: Form = {
  title_nl: '',
  title_en: '',
  slug: '',
  excerpt_nl: '',
  excerpt_en: '',
  content_nl: '',
  content_en: '',
  author: '',
  featured_image: '',
  published: false, // spec §9: posts default to unpublished
}

function toForm(p: Partial<BlogPost>): Form {
  return {
    title_nl: p.title_nl ?? '',
    title_en: p.title_en ?? '',
    slug: p.slug ?? '',
    excerpt_nl: p.excerpt_nl ?? '',
    excerpt_en: p.excerpt_en ?? '',
    content_nl: p.content_nl ?? '',
    content_en: p.content_en ?? '',
    author: p.author ?? '',
    featured_image: p.featured_image ?? '',
    published: p.published ?? false,
  }
}

/** The fields the LLM wrote or left untranslated that nobody reviewed yet. */
export function reviewFields(p: Pick<BlogPost, 'machine_translated' | 'untranslated'> | null | undefined): string[] {
  if (!p) return []
  return [...new Set([...p.machine_translated, ...p.untranslated])]
}

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; loaded: number; total: number }
  | { phase: 'processing'; stage?: string; percent?: number }

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** One import from a file. `discarded` once the dialog closed before it finished: its draft is deleted then. */
interface ImportRun {
  discarded: boolean
}

/** Deletes a draft an import made that the admin did not keep (best effort: the list shows it otherwise). */
function deleteImportDraft(id: string) {
  void deletePost(id)
    .catch(() => undefined)
    .finally(() => void invalidateQueries(queryKeys.blog.all))
}

export function BlogPostDialog({
  open,
  onOpenChange,
  post,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  post: BlogPost | null
}) {
  const t = useT().admin
  const tb = t.blog
  const [form, setForm] = useState<Form>(EMPTY)
  /** The post being edited (null when creating). */
  const [editing, setEditing] = useState<BlogPost | null>(null)
  /** The draft the file import saved on the server: submit updates it instead of creating a post. */
  const [importDraft, setImportDraft] = useState<BlogPost | null>(null)
  const [imported, setImported] = useState(false)
  const [reviewed, setReviewed] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [translating, setTranslating] = useState<null | 'nl' | 'en'>(null)
  const [upload, setUpload] = useState<UploadState>({ phase: 'idle' })
  const [fileError, setFileError] = useState<string | null>(null)
  const runRef = useRef<ImportRun | null>(null)
  /** Id of a draft this dialog's import created and the admin has not saved: deleted when the dialog closes. */
  const unsavedDraftRef = useRef<string | null>(null)

  // Fresh form each time the dialog opens (create: empty; edit: the post's fields).
  useEffect(() => {
    if (!open) return
    setForm(post ? toForm(post) : EMPTY)
    setEditing(post)
    setImportDraft(null)
    setImported(false)
    setReviewed(false)
    setSubmitted(false)
    setUpload({ phase: 'idle' })
    setFileError(null)
  }, [open, post])

  // Closing the dialog (Cancel, Escape, the close button) or leaving the page discards the import:
  // its unsaved draft is deleted now, or when a running import finishes.
  useEffect(() => {
    const discard = () => {
      if (runRef.current) runRef.current.discarded = true
      runRef.current = null
      const id = unsavedDraftRef.current
      unsavedDraftRef.current = null
      if (id) deleteImportDraft(id)
    }
    if (!open) discard()
    return discard
  }, [open])

  const busy = saving || upload.phase !== 'idle'
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }))

  const errors: Partial<Record<keyof Form, string>> = {}
  for (const key of ['title_nl', 'title_en'] as const) {
    if (form[key].length > CONTENT_LIMITS.title) errors[key] = fieldMessage(key, 'max', CONTENT_LIMITS.title)
    else if (submitted && form[key].trim() === '') errors[key] = fieldMessage(key, 'required')
  }

  async function translate(source: 'nl' | 'en') {
    const title = (source === 'nl' ? form.title_nl : form.title_en).trim()
    if (!title) {
      toast({
        title: tb.noTitle,
        description: source === 'nl' ? tb.enterDutchFirst : tb.enterEnglishFirst,
        variant: 'destructive',
      })
      return
    }
    setTranslating(source)
    try {
      const { translatedTitle } = await translateTitle(title, source)
      set(source === 'nl' ? 'title_en' : 'title_nl', translatedTitle)
      toastSuccess(tb.translated, translatedTitle)
    } catch (err) {
      toastError(tb.translationFailed, err, tb.translationFailedText)
    } finally {
      setTranslating(null)
    }
  }

  function applyImport(result: BlogUploadResult) {
    const p = result.blogPost
    setForm(toForm(p))
    setImportDraft(p.id ? p : null)
    // A post the same file made before (and maybe kept) is never deleted by this dialog.
    unsavedDraftRef.current = p.id && result.created !== false ? p.id : null
    setImported(true)
    const n = result.aiGenerated?.tags?.length ?? 0
    toastSuccess(tb.uploaded, tb.tagsGenerated(n))
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    setFileError(null)
    if (!file) return
    if (checkBlogFile(file) === 'type') {
      setFileError(tb.invalidTypeText)
      toast({ title: tb.invalidType, description: tb.invalidTypeText, variant: 'destructive' })
      return
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setFileError(tb.tooLarge)
      toast({ title: tb.uploadFailed, description: tb.tooLarge, variant: 'destructive' })
      return
    }
    const run: ImportRun = { discarded: false }
    runRef.current = run
    /** State updates only while this import still belongs to the open dialog. */
    const show = (state: UploadState) => {
      if (!run.discarded) setUpload(state)
    }
    show({ phase: 'uploading', loaded: 0, total: file.size })
    try {
      const answer = await uploadBlogFile(file, {
        onUploadProgress: ({ loaded, total }) => {
          if (total && loaded >= total) show({ phase: 'processing' })
          else show({ phase: 'uploading', loaded, total: total ?? file.size })
        },
      })
      let result: BlogUploadResult | undefined
      if (answer.kind === 'done') result = answer.result
      else {
        // 202: the import runs on; follow its job until it finishes (a discarded one for a bounded time).
        show({ phase: 'processing', stage: 'queued', percent: 0 })
        for (let polls = 0; !result && (!run.discarded || polls < 600); polls++) {
          await sleep(1000)
          const job = await getImportJob(answer.job.statusUrl)
          if (job.state === 'completed' && job.result) result = job.result
          else if (job.state === 'failed') throw new Error(job.error || tb.uploadFailedText)
          else show({ phase: 'processing', stage: job.stage, percent: job.progress ?? 0 })
        }
      }
      if (!result) return
      if (run.discarded) {
        if (result.created !== false && result.blogPost.id) deleteImportDraft(result.blogPost.id)
        return
      }
      applyImport(result)
    } catch (err) {
      if (run.discarded) return
      const message =
        err instanceof Error && !('status' in err) ? err.message : errorMessage(err, tb.uploadFailedText)
      setFileError(message)
      toast({ title: tb.uploadFailed, description: message, variant: 'destructive' })
    } finally {
      if (runRef.current === run) runRef.current = null
      show({ phase: 'idle' })
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    if (
      !form.title_nl.trim() ||
      !form.title_en.trim() ||
      form.title_nl.length > 200 ||
      form.title_en.length > 200
    ) {
      document
        .getElementById(
          !form.title_nl.trim() || form.title_nl.length > 200 ? 'post-title_nl' : 'post-title_en',
        )
        ?.focus()
      return
    }
    setSaving(true)
    const target = editing ?? importDraft
    try {
      if (target) {
        const body: BlogPostUpdate = {
          title_nl: form.title_nl.trim(),
          title_en: form.title_en.trim(),
          excerpt_nl: form.excerpt_nl,
          excerpt_en: form.excerpt_en,
          content_nl: form.content_nl,
          content_en: form.content_en,
          featured_image: orNull(form.featured_image),
          published: form.published,
        }
        if (form.slug.trim()) body.slug = form.slug.trim()
        if (form.author.trim()) body.author = form.author.trim()
        const review = reviewFields(target)
        // The service names only localized fields in its review marks.
        if (reviewed && review.length) body.reviewed = review as BlogLocalizedField[]
        await updatePost(target.id, body)
        // The import's draft is saved now: closing the dialog must not delete it.
        if (!editing) unsavedDraftRef.current = null
        await invalidateQueries(queryKeys.blog.all)
        if (editing) toastSuccess(tb.updated, tb.updatedText)
        else toastSuccess(tb.created, tb.createdText)
      } else {
        const body: BlogPostCreate = {
          title_nl: form.title_nl.trim(),
          title_en: form.title_en.trim(),
          excerpt_nl: form.excerpt_nl,
          excerpt_en: form.excerpt_en,
          content_nl: form.content_nl,
          content_en: form.content_en,
          slug: orNull(form.slug),
          author: orNull(form.author),
          featured_image: orNull(form.featured_image),
          published: form.published,
        }
        await createPost(body)
        await invalidateQueries(queryKeys.blog.all)
        toastSuccess(tb.created, tb.createdText)
      }
      // Spec §2: dialog forms reset after saving.
      setForm(EMPTY)
      setEditing(null)
      setImportDraft(null)
      setSubmitted(false)
      onOpenChange(false)
    } catch (err) {
      toastError(tb.failed, err, tb.failedText)
    } finally {
      setSaving(false)
    }
  }

  const review = reviewFields(editing ?? importDraft)
  const isEdit = editing !== null
  const uploadStatus =
    upload.phase === 'uploading'
      ? tb.uploading(sizeInMb(upload.loaded), sizeInMb(upload.total))
      : upload.phase === 'processing'
        ? upload.stage
          ? tb.stage(upload.stage, upload.percent ?? 0)
          : tb.processing
        : null

  const text = (
    key: keyof Form,
    label: string,
    opts: { rows?: number; hint?: string; type?: string; autoComplete?: string } = {},
  ) => {
    const id = `post-${key}`
    const error = errors[key]
    const props = {
      id,
      name: key,
      value: form[key] as string,
      disabled: busy,
      'aria-invalid': error ? true : undefined,
      'aria-describedby':
        [error ? `${id}-error` : '', opts.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
    }
    return (
      <Field label={label} htmlFor={id} error={error} hint={opts.hint}>
        {opts.rows ? (
          <Textarea {...props} rows={opts.rows} onChange={(e) => set(key, e.target.value)} />
        ) : (
          <Input
            {...props}
            type={opts.type ?? 'text'}
            autoComplete={opts.autoComplete ?? 'off'}
            onChange={(e) => set(key, e.target.value)}
          />
        )}
      </Field>
    )
  }

  const titleWithTranslate = (key: 'title_nl' | 'title_en') => {
    const id = `post-${key}`
    const error = errors[key]
    const source = key === 'title_nl' ? 'nl' : 'en'
    return (
      <Field
        label={key === 'title_nl' ? tb.titleNl : tb.titleEn}
        htmlFor={id}
        error={error}
        counter={{ value: form[key].length, max: 200 }}
        required
      >
        <div className="admin-input-row">
          <Input
            id={id}
            name={key}
            value={form[key]}
            disabled={busy}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => set(key, e.target.value)}
          />
          <Button
            variant="outline"
            onClick={() => void translate(source)}
            disabled={translating !== null || busy}
            title={source === 'nl' ? tb.translateToEn : tb.translateToNl}
            aria-busy={translating === source || undefined}
            data-testid={`translate-${source}`}
          >
            {source === 'nl' ? tb.toEn : tb.toNl}
          </Button>
        </div>
      </Field>
    )
  }

  return (
    <Dialog open={open} onOpenChange={(o) => (!saving ? onOpenChange(o) : undefined)}>
      <DialogContent title={isEdit ? tb.editTitle : tb.createTitle} size="lg" closeLabel={t.close}>
        <form onSubmit={onSubmit} noValidate className="form-stack" data-testid="blog-post-form">
          {post === null ? (
            <div className="admin-import">
              <Field label={tb.importLabel} htmlFor="post-file" hint={tb.importHint} error={fileError}>
                <input
                  id="post-file"
                  type="file"
                  className="admin-file"
                  accept=".txt,.md,.docx,text/plain,text/markdown,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                  disabled={busy || imported}
                  onChange={(e) => void onFile(e)}
                  aria-describedby="post-file-hint"
                />
              </Field>
              {uploadStatus ? (
                <div role="status" className="admin-progress" data-testid="blog-upload-status">
                  <span>{uploadStatus}</span>
                  <progress
                    max={100}
                    value={
                      upload.phase === 'uploading'
                        ? Math.round((upload.loaded / Math.max(1, upload.total)) * 100)
                        : upload.phase === 'processing' && upload.percent !== undefined
                          ? upload.percent
                          : undefined
                    }
                    aria-label={uploadStatus}
                  />
                </div>
              ) : null}
              {imported ? (
                <p className="admin-note" role="status">
                  {tb.importedNote}
                </p>
              ) : null}
            </div>
          ) : null}
          {review.length ? (
            <div className="admin-note admin-note--warning">
              <p>{tb.reviewNote(review.join(', '))}</p>
              <label className="admin-check">
                <input
                  type="checkbox"
                  checked={reviewed}
                  onChange={(e) => setReviewed(e.target.checked)}
                  disabled={busy}
                />{' '}
                {tb.markReviewed}
              </label>
            </div>
          ) : null}
          <div className="admin-grid-2">
            {titleWithTranslate('title_nl')}
            {titleWithTranslate('title_en')}
          </div>
          {translating ? (
            <p role="status" className="admin-muted">
              {tb.translating}
            </p>
          ) : null}
          {text('slug', tb.slug, { hint: tb.slugHint })}
          <div className="admin-grid-2">
            {text('excerpt_nl', tb.excerptNl, { rows: 3 })}
            {text('excerpt_en', tb.excerptEn, { rows: 3 })}
          </div>
          {text('content_nl', tb.contentNl, { rows: 8, hint: tb.contentHint })}
          {text('content_en', tb.contentEn, { rows: 8, hint: tb.contentHint })}
          <div className="admin-grid-2">
            {text('author', tb.author, { hint: tb.authorHint })}
            {text('featured_image', tb.featuredImage, { type: 'url' })}
          </div>
          <div className="admin-switch-row">
            <Switch
              id="post-published"
              checked={form.published}
              onCheckedChange={(v) => set('published', v)}
              disabled={busy}
            />
            <Label htmlFor="post-published">{t.publishedLabel}</Label>
          </div>
          <div className="dialog-actions">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {saving ? t.saving : isEdit ? tb.update : tb.create}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
