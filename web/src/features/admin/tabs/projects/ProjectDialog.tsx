// The admin's project dialog ('Create New Project' / 'Edit Project', spec §2): the shared project
// form with the image uploaded instead of typed as a URL.
import { useEffect, useState, type FormEvent } from 'react'
import type { Project } from '@site/contracts'
import { createProject, updateProject } from '@/api/projects'
import { Dialog, DialogContent } from '@/components'
import { ProjectFields } from '@/components/forms/ProjectFields'
import { EMPTY_PROJECT_FORM, missingProjectFields, projectToForm, toProjectInput } from '@/lib/projectForm'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { useDialogForm } from '../../hooks/useDialogForm'
import { toastError, toastSuccess } from '../../lib/toasts'
import { DialogFormActions } from '../../components/dialog/DialogFormActions'
import { DiscardChangesDialog } from '@/components/ui/DiscardChangesDialog'
import { ProjectImageUpload } from './ProjectImageUpload'
import { texts } from '../../texts'

export function ProjectDialog({
  open,
  onOpenChange,
  project,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  project: Project | null
}) {
  const t = texts
  const tp = t.projects
  const { form, set, submitted, setSubmitted, saving, save, guard } = useDialogForm({
    open,
    item: project,
    empty: EMPTY_PROJECT_FORM,
    toForm: projectToForm,
    onOpenChange,
  })
  const [uploading, setUploading] = useState(false)
  // A new image field each time the dialog opens (no upload state carried over).
  const [opened, setOpened] = useState(0)
  useEffect(() => {
    if (open) setOpened((n) => n + 1)
  }, [open, project])

  const missing = submitted ? missingProjectFields(form) : []
  const errors = {
    title: missing.includes('title') ? tp.titleRequired : undefined,
    description: missing.includes('description') ? tp.descriptionRequired : undefined,
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    const first = missingProjectFields(form)[0]
    if (first) return document.getElementById(`project-${first}`)?.focus()
    const body = toProjectInput(form)
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

  return (
    <Dialog open={open} onOpenChange={(o) => (!saving ? guard.onOpenChange(o) : undefined)}>
      <DialogContent title={project ? tp.editTitle : tp.createTitle} size="md" closeLabel={t.close}>
        <form onSubmit={onSubmit} noValidate className="form-stack" data-testid="project-form">
          <ProjectFields
            idPrefix="project"
            form={form}
            onChange={set}
            labels={tp.fields}
            errors={errors}
            image={
              <ProjectImageUpload
                key={opened}
                url={form.image_url}
                onChange={(url) => set('image_url', url)}
                onUploading={setUploading}
                disabled={saving}
              />
            }
            disabled={saving}
          />
          <DialogFormActions
            onCancel={guard.close}
            saving={saving}
            busy={saving || uploading}
            submitLabel={project ? tp.update : tp.create}
          />
        </form>
      </DialogContent>
      <DiscardChangesDialog {...guard.discard} texts={t.unsavedChanges} />
    </Dialog>
  )
}
