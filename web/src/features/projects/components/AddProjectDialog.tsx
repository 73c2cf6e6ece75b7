// 'Add Project' (spec §2 /projects, §5, §8): title and description required; optional image,
// video and link URLs. Success closes and resets the dialog and refetches the list.
import { useState, type FormEvent } from 'react'
import { createProject } from '@/api/projects'
import { Button, Dialog, DialogContent } from '@/components'
import { DiscardChangesDialog } from '@/components/ui/DiscardChangesDialog'
import { ProjectFields } from '@/components/forms/ProjectFields'
import { useT } from '@/i18n'
import { EMPTY_PROJECT_FORM, missingProjectFields, toProjectInput, type ProjectForm } from '@/lib/projectForm'
import { useMutation } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { useGuardedClose } from '@/lib/useGuardedClose'
import { formChanged } from '@/lib/useUnsavedChanges'
import { toast } from '@/stores/toast'

export function AddProjectDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const p = t.projects
  const [form, setForm] = useState<ProjectForm>(EMPTY_PROJECT_FORM)
  const [error, setError] = useState<string | null>(null)
  const mutation = useMutation(createProject, { invalidate: [queryKeys.projects] })
  // One message for both required fields, under the first one left empty.
  const missing = error ? missingProjectFields(form)[0] : undefined
  // Closing with edits asks first; discarding them empties the form.
  const guard = useGuardedClose(open && formChanged(form, EMPTY_PROJECT_FORM), (o) => {
    if (!o) {
      setForm(EMPTY_PROJECT_FORM)
      setError(null)
    }
    onOpenChange(o)
  })

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (mutation.isPending) return
    if (missingProjectFields(form).length) return setError(p.required)
    setError(null)
    try {
      await mutation.mutateAsync(toProjectInput(form))
      setForm(EMPTY_PROJECT_FORM)
      onOpenChange(false)
      toast({ title: p.added })
    } catch {
      toast({ title: p.errorTitle, description: p.errorText, variant: 'destructive' })
    }
  }

  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent title={p.addTitle} closeLabel={t.common.close}>
        <form onSubmit={onSubmit} className="form-stack" noValidate data-testid="add-project-form">
          <ProjectFields
            idPrefix="ap"
            form={form}
            onChange={(key, value) => setForm((f) => ({ ...f, [key]: value }))}
            labels={p.fields}
            errors={missing ? { [missing]: error } : {}}
            urlPlaceholder="https://"
            titleMaxLength={200}
          />
          <div className="dialog-actions">
            <Button type="button" variant="outline" onClick={guard.close}>
              {p.cancel}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? p.saving : p.save}
            </Button>
          </div>
        </form>
      </DialogContent>
      <DiscardChangesDialog {...guard.discard} texts={t.common.unsavedChanges} />
    </Dialog>
  )
}
