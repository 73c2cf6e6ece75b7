// 'Add Project' (spec §2 /projects, §5, §8): title and description required; optional image,
// video and link URLs. Success closes and resets the dialog and refetches the list.
import { useState, type FormEvent } from 'react'
import { Button, Dialog, DialogContent, Field, Input, Textarea } from '@/components'
import { useT } from '@/features/i18n'
import { useMutation } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { toast } from '@/stores/toast'
import { createProject } from '../api/projects'

const EMPTY = { title: '', description: '', image_url: '', video_url: '', link_url: '' }

export function AddProjectDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const p = t.projects
  const [fields, setFields] = useState(EMPTY)
  const [error, setError] = useState<string | null>(null)
  const mutation = useMutation(createProject, { invalidate: [queryKeys.projects] })
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }))

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (mutation.isPending) return
    if (!fields.title.trim() || !fields.description.trim()) return setError(p.required)
    setError(null)
    const opt = (v: string) => (v.trim() ? v.trim() : null)
    try {
      await mutation.mutateAsync({
        title: fields.title.trim(),
        description: fields.description.trim(),
        image_url: opt(fields.image_url),
        video_url: opt(fields.video_url),
        link_url: opt(fields.link_url),
      })
      setFields(EMPTY)
      onOpenChange(false)
      toast({ title: p.added })
    } catch {
      toast({ title: p.errorTitle, description: p.errorText, variant: 'destructive' })
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={p.addTitle} closeLabel={t.common.close}>
        <form onSubmit={onSubmit} className="form-stack" noValidate data-testid="add-project-form">
          <Field
            label={p.fieldTitle}
            htmlFor="ap-title"
            required
            error={error && !fields.title.trim() ? error : null}
          >
            <Input
              id="ap-title"
              required
              aria-required
              value={fields.title}
              onChange={set('title')}
              maxLength={200}
            />
          </Field>
          <Field
            label={p.fieldDescription}
            htmlFor="ap-description"
            required
            error={error && fields.title.trim() && !fields.description.trim() ? error : null}
          >
            <Textarea
              id="ap-description"
              rows={4}
              required
              aria-required
              value={fields.description}
              onChange={set('description')}
            />
          </Field>
          <Field label={p.fieldImage} htmlFor="ap-image">
            <Input
              id="ap-image"
              type="url"
              inputMode="url"
              value={fields.image_url}
              onChange={set('image_url')}
              placeholder="https://"
            />
          </Field>
          <Field label={p.fieldVideo} htmlFor="ap-video">
            <Input
              id="ap-video"
              type="url"
              inputMode="url"
              value={fields.video_url}
              onChange={set('video_url')}
              placeholder="https://"
            />
          </Field>
          <Field label={p.fieldLink} htmlFor="ap-link">
            <Input
              id="ap-link"
              type="url"
              inputMode="url"
              value={fields.link_url}
              onChange={set('link_url')}
              placeholder="https://"
            />
          </Field>
          <div className="dialog-actions">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {p.cancel}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? p.saving : p.save}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
