// The feature dialog (spec §2): icon, Dutch and English title and description; create or edit;
// when editing, each language's state with Review / Still right (issue 47).
import { type FormEvent } from 'react'
import type { Feature } from '@site/contracts'
import { Dialog, DialogContent, TextField } from '@/components'
import { DiscardChangesDialog } from '@/components/ui/DiscardChangesDialog'
import { createFeature, updateFeature } from '@/api/features'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { DialogFormActions } from '../../components/dialog/DialogFormActions'
import { useDialogForm } from '../../hooks/useDialogForm'
import { toastError, toastSuccess } from '../../lib/toasts'
import {
  EMPTY_FEATURE_FORM,
  FEATURE_LIMITS,
  featureToForm,
  toFeatureInput,
  validateFeature,
  type FeatureForm,
} from './featureForm'
import { texts } from '../../texts'
import { FeatureLanguages } from '../translations/StoredLanguages'

export function FeatureDialog({
  open,
  onOpenChange,
  feature,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  feature: Feature | null
}) {
  const t = texts
  const tf = t.features
  const { form, set, submitted, setSubmitted, saving, save, guard } = useDialogForm({
    open,
    item: feature,
    empty: EMPTY_FEATURE_FORM,
    toForm: featureToForm,
    onOpenChange,
  })
  const errors = submitted ? validateFeature(form) : {}

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    const first = Object.keys(validateFeature(form))[0]
    if (first) {
      document.getElementById(`feature-${first}`)?.focus()
      return
    }
    const body = toFeatureInput(form, feature)
    await save(
      async () => {
        if (feature) await updateFeature(feature.id, body)
        else await createFeature(body)
        await invalidateQueries(queryKeys.features)
        if (feature) toastSuccess(tf.updated, tf.updatedText)
        else toastSuccess(tf.created, tf.createdText)
      },
      (err) => toastError(tf.failed, err, tf.failedText),
    )
  }

  const input = (key: keyof FeatureForm, label: string, rows?: number) => (
    <TextField
      id={`feature-${key}`}
      name={key}
      label={label}
      value={form[key]}
      onChange={(v) => set(key, v)}
      error={errors[key]}
      required
      max={key === 'icon' ? undefined : FEATURE_LIMITS[key]}
      rows={rows}
      disabled={saving}
    />
  )

  return (
    <Dialog open={open} onOpenChange={(o) => (!saving ? guard.onOpenChange(o) : undefined)}>
      <DialogContent title={feature ? tf.editTitle : tf.createTitle} size="md" closeLabel={t.close}>
        <form onSubmit={onSubmit} noValidate className="form-stack" data-testid="feature-form">
          {input('icon', tf.icon)}
          <div className="admin-grid-2">
            {input('title_nl', tf.titleNl)}
            {input('title_en', tf.titleEn)}
          </div>
          <div className="admin-grid-2">
            {input('description_nl', tf.descriptionNl, 3)}
            {input('description_en', tf.descriptionEn, 3)}
          </div>
          {feature ? <FeatureLanguages id={feature.id} /> : null}
          <DialogFormActions
            onCancel={guard.close}
            saving={saving}
            submitLabel={feature ? tf.update : tf.create}
          />
        </form>
      </DialogContent>
      <DiscardChangesDialog {...guard.discard} texts={t.unsavedChanges} />
    </Dialog>
  )
}
