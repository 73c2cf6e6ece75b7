// Projects tab (spec §2, §5, §8): the projects, a page at a time, with edit and delete, 'New Project', and the project
// dialog: title, description, one image upload (≤ 10 MB, images only, preview, 'Upload Image' /
// 'Change Image'), optional video and link URLs.
import { ImageIcon } from 'lucide-react'
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { Button, Dialog, DialogContent } from '@/components'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import type { Project, ProjectInput } from '@site/contracts'
import { toast } from '@/stores/toast'
import { useT } from '@/i18n'
import { createProject, deleteProject, listProjects, updateProject, uploadProjectImage } from '@/api/projects'
import { MAX_UPLOAD_BYTES, sizeInMb } from '@/lib/files'
import { ADMIN_PAGE_SIZE, usePagedList } from '../hooks/usePagedList'
import { ConfirmDialog } from './dialog/ConfirmDialog'
import { deleteAndRefresh, toastError, toastSuccess } from '../lib/toasts'
import { DialogFormActions } from './dialog/DialogFormActions'
import { ListState } from './list/ListState'
import { NewButton, Section } from './list/Section'
import { orNull } from '@/lib/orNull'
import { ItemRow } from './list/ItemRow'
import { Pager } from './list/Pager'
import { TextField } from '@/components'
import { useConfirm } from '../hooks/useConfirm'
import { useDialogForm } from '../hooks/useDialogForm'
import { useEditDialog } from '../hooks/useEditDialog'

interface Form {
  title: string
  description: string
  image_url: string
  video_url: string
  link_url: string
}
const EMPTY: Form = { title: '', description: '', image_url: '', video_url: '', link_url: '' }
const toForm = (p: Project): Form => ({
  title: p.title,
  description: p.description,
  image_url: p.image_url ?? '',
  video_url: p.video_url ?? '',
  link_url: p.link_url ?? '',
})

function ProjectDialog({
  open,
  onOpenChange,
  project,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  project: Project | null
}) {
  const t = useT().admin
  const tp = t.projects
  const { form, set, submitted, setSubmitted, saving, save } = useDialogForm({
    open,
    item: project,
    empty: EMPTY,
    toForm,
    onOpenChange,
  })
  const [uploading, setUploading] = useState<{ loaded: number; total: number } | null>(null)
  const [imageError, setImageError] = useState<string | null>(null)
  const fileRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!open) return
    setImageError(null)
    setUploading(null)
  }, [open, project])

  const errors: Partial<Record<keyof Form, string>> = {}
  if (submitted && !form.title.trim()) errors.title = tp.titleRequired
  if (submitted && !form.description.trim()) errors.description = tp.descriptionRequired
  const busy = saving || uploading !== null

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setImageError(null)
    if (!file.type.startsWith('image/')) {
      setImageError(tp.notImage)
      toast({ title: tp.uploadFailed, description: tp.notImage, variant: 'destructive' })
      return
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setImageError(tp.tooLarge)
      toast({ title: tp.uploadFailed, description: tp.tooLarge, variant: 'destructive' })
      return
    }
    setUploading({ loaded: 0, total: file.size })
    try {
      const url = await uploadProjectImage(file, {
        onUploadProgress: ({ loaded, total }) => setUploading({ loaded, total: total ?? file.size }),
      })
      set('image_url', url)
      toastSuccess(tp.uploaded)
    } catch (err) {
      setImageError(tp.uploadFailed)
      toastError(tp.uploadFailed, err, tp.uploadFailed)
    } finally {
      setUploading(null)
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    if (!form.title.trim() || !form.description.trim()) {
      document.getElementById(!form.title.trim() ? 'project-title' : 'project-description')?.focus()
      return
    }
    const body: ProjectInput = {
      title: form.title.trim(),
      description: form.description.trim(),
      image_url: orNull(form.image_url),
      video_url: orNull(form.video_url),
      link_url: orNull(form.link_url),
    }
    await save(
      async () => {
        if (project) await updateProject(project.id, body)
        else await createProject(body)
        await invalidateQueries(queryKeys.projects)
        toastSuccess(project ? tp.updatedOk : tp.added)
      },
      (err) => toastError(t.error, err, tp.failed),
    )
  }

  const input = (
    key: keyof Form,
    label: string,
    opts: { rows?: number; type?: string; required?: boolean } = {},
  ) => (
    <TextField
      id={`project-${key}`}
      name={key}
      label={label}
      value={form[key]}
      onChange={(v) => set(key, v)}
      error={errors[key]}
      required={opts.required}
      rows={opts.rows}
      type={opts.type ?? 'text'}
      disabled={saving}
    />
  )

  return (
    <Dialog open={open} onOpenChange={(o) => (!saving ? onOpenChange(o) : undefined)}>
      <DialogContent title={project ? tp.editTitle : tp.createTitle} size="md" closeLabel={t.close}>
        <form onSubmit={onSubmit} noValidate className="form-stack" data-testid="project-form">
          {input('title', tp.title, { required: true })}
          {input('description', tp.description, { rows: 4, required: true })}
          <div className="field">
            <span className="label" id="project-image-label">
              {tp.image}
            </span>
            <div className="admin-image">
              <div className="admin-image__preview">
                {form.image_url ? (
                  <img src={form.image_url} alt={tp.imagePreview} data-testid="project-image-preview" />
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
                  disabled={busy}
                  aria-describedby="project-image-hint"
                >
                  {uploading ? tp.uploadingImage : form.image_url ? tp.changeImage : tp.uploadImage}
                </Button>
                {form.image_url && !uploading ? (
                  <Button variant="ghost" size="sm" onClick={() => set('image_url', '')} disabled={busy}>
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
                {imageError ? (
                  <p role="alert" className="field__error">
                    {imageError}
                  </p>
                ) : null}
              </div>
            </div>
          </div>
          {input('video_url', tp.videoUrl, { type: 'url' })}
          {input('link_url', tp.linkUrl, { type: 'url' })}
          <DialogFormActions
            onCancel={() => onOpenChange(false)}
            saving={saving}
            busy={busy}
            submitLabel={project ? tp.update : tp.create}
          />
        </form>
      </DialogContent>
    </Dialog>
  )
}

export function ProjectsTab() {
  const t = useT().admin
  const tp = t.projects
  // Projects carry everything the dialog edits: no detail call, and no search (their list is short).
  const list = usePagedList(
    (page) => queryKeys.projectsPage(page, ADMIN_PAGE_SIZE),
    (page, _q, signal) => listProjects(page, ADMIN_PAGE_SIZE, signal),
  )
  const { query } = list
  const dialog = useEditDialog<Project>()
  const confirm = useConfirm<Project>()

  const remove = (project: Project) =>
    deleteAndRefresh(
      () => deleteProject(project.id),
      queryKeys.projects,
      { title: tp.deleted },
      { title: t.error, fallback: tp.failed },
    )

  return (
    <Section
      title={tp.heading}
      id="admin-projects"
      action={<NewButton label={tp.newItem} onClick={dialog.openNew} />}
    >
      <ListState query={query} empty={tp.empty}>
        {(projects) => (
          <ul className="admin-list" data-testid="admin-projects-list">
            {projects.map((project) => (
              <ItemRow
                key={project.id}
                lead={
                  <div className="admin-row__thumb">
                    {project.image_url ? (
                      <img src={project.image_url} alt="" loading="lazy" />
                    ) : (
                      <ImageIcon size={20} aria-hidden />
                    )}
                  </div>
                }
                title={project.title}
                meta={<span className="admin-row__desc">{project.description}</span>}
                name={project.title}
                onEdit={() => dialog.openEdit(project)}
                onDelete={() => confirm.ask(project)}
              />
            ))}
          </ul>
        )}
      </ListState>
      <Pager
        label={tp.heading}
        page={list.page}
        pageSize={ADMIN_PAGE_SIZE}
        total={query.data?.total ?? 0}
        busy={query.isFetching}
        onPage={list.setPage}
      />
      <ProjectDialog open={dialog.open} project={dialog.item} onOpenChange={dialog.onOpenChange} />
      <ConfirmDialog
        {...confirm.dialogProps}
        text={t.confirmDelete(confirm.target?.title ?? '')}
        onConfirm={() => remove(confirm.target!)}
      />
    </Section>
  )
}
