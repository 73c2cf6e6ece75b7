// Features tab (spec §2): the features in their order with move up/down (PUT /api/features/order),
// edit and delete, 'New Feature', and the feature dialog (icon, Dutch and English title and description).
import { ArrowDown, ArrowUp } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button, Dialog, DialogContent } from '@/components'
import { invalidateQueries, useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import type { Feature, FeatureInput } from '@site/contracts'
import { useT } from '@/i18n'
import { createFeature, deleteFeature, listFeatures, reorderFeatures, updateFeature } from '@/api/features'
import { CONTENT_LIMITS, fieldMessage } from '../lib/validation'
import { ConfirmDialog } from './dialog/ConfirmDialog'
import { deleteAndRefresh, toastError, toastSuccess } from '../lib/toasts'
import { DialogFormActions } from './dialog/DialogFormActions'
import { DiscardChangesDialog } from '@/components/ui/DiscardChangesDialog'
import { ListState } from './list/ListState'
import { NewButton, Section } from './list/Section'
import { ItemRow } from './list/ItemRow'
import { TextField } from '@/components'
import { useConfirm } from '../hooks/useConfirm'
import { useDialogForm } from '../hooks/useDialogForm'
import { useEditDialog } from '../hooks/useEditDialog'

interface Form {
  icon: string
  title_nl: string
  title_en: string
  description_nl: string
  description_en: string
}
const EMPTY: Form = { icon: '', title_nl: '', title_en: '', description_nl: '', description_en: '' }
const toForm = (f: Feature): Form => ({
  icon: f.icon,
  title_nl: f.title_nl,
  title_en: f.title_en,
  description_nl: f.description_nl,
  description_en: f.description_en,
})
const LIMITS: Record<keyof Form, number> = {
  icon: CONTENT_LIMITS.icon,
  title_nl: CONTENT_LIMITS.title,
  title_en: CONTENT_LIMITS.title,
  description_nl: CONTENT_LIMITS.feature_description,
  description_en: CONTENT_LIMITS.feature_description,
}

function validate(form: Form) {
  const errors: Partial<Record<keyof Form, string>> = {}
  for (const key of Object.keys(EMPTY) as (keyof Form)[]) {
    if (form[key].trim() === '') errors[key] = fieldMessage(key, 'required')
    else if (form[key].length > LIMITS[key]) errors[key] = fieldMessage(key, 'max', LIMITS[key])
  }
  return errors
}

function FeatureDialog({
  open,
  onOpenChange,
  feature,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  feature: Feature | null
}) {
  const t = useT().admin
  const tf = t.features
  const { form, set, submitted, setSubmitted, saving, save, guard } = useDialogForm({
    open,
    item: feature,
    empty: EMPTY,
    toForm,
    onOpenChange,
  })
  const errors = submitted ? validate(form) : {}

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    const first = Object.keys(validate(form))[0]
    if (first) {
      document.getElementById(`feature-${first}`)?.focus()
      return
    }
    const body: FeatureInput = {
      icon: form.icon.trim(),
      title_nl: form.title_nl.trim(),
      title_en: form.title_en.trim(),
      description_nl: form.description_nl.trim(),
      description_en: form.description_en.trim(),
      // German texts are not edited here: keep what the feature has.
      title_de: feature?.title_de ?? null,
      description_de: feature?.description_de ?? null,
    }
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

  const input = (key: keyof Form, label: string, rows?: number) => (
    <TextField
      id={`feature-${key}`}
      name={key}
      label={label}
      value={form[key]}
      onChange={(v) => set(key, v)}
      error={errors[key]}
      required
      max={key === 'icon' ? undefined : LIMITS[key]}
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

export function FeaturesTab() {
  const t = useT().admin
  const tf = t.features
  const query = useQuery(queryKeys.features, listFeatures)
  const dialog = useEditDialog<Feature>()
  const [moving, setMoving] = useState(false)
  const confirm = useConfirm<Feature>()

  const remove = (feature: Feature) =>
    deleteAndRefresh(
      () => deleteFeature(feature.id),
      queryKeys.features,
      { title: tf.deleted, description: tf.deletedText },
      { title: tf.failed, fallback: tf.failedText },
    )

  async function move(list: Feature[], index: number, delta: -1 | 1) {
    const target = index + delta
    if (target < 0 || target >= list.length) return
    const ids = list.map((f) => f.id)
    ;[ids[index], ids[target]] = [ids[target]!, ids[index]!]
    setMoving(true)
    try {
      await reorderFeatures(ids)
      await invalidateQueries(queryKeys.features)
      toastSuccess(tf.reordered, tf.reorderedText)
      // Keep the keyboard focus on the moved item's same button.
      requestAnimationFrame(() =>
        document.getElementById(`feature-move-${delta < 0 ? 'up' : 'down'}-${list[index]!.id}`)?.focus(),
      )
    } catch (err) {
      toastError(tf.failed, err, tf.failedText)
    } finally {
      setMoving(false)
    }
  }

  return (
    <Section
      title={tf.heading}
      id="admin-features"
      action={<NewButton label={tf.newItem} onClick={dialog.openNew} />}
    >
      <ListState query={query} empty={tf.empty}>
        {(features) => (
          <ol className="admin-list" data-testid="admin-features-list">
            {features.map((feature, i) => (
              <ItemRow
                key={feature.id}
                lead={
                  <>
                    <div className="admin-row__order">
                      <Button
                        id={`feature-move-up-${feature.id}`}
                        variant="ghost"
                        size="icon"
                        aria-label={tf.moveUp(feature.title_nl)}
                        disabled={moving || i === 0}
                        onClick={() => void move(features, i, -1)}
                      >
                        <ArrowUp size={16} aria-hidden />
                      </Button>
                      <Button
                        id={`feature-move-down-${feature.id}`}
                        variant="ghost"
                        size="icon"
                        aria-label={tf.moveDown(feature.title_nl)}
                        disabled={moving || i === features.length - 1}
                        onClick={() => void move(features, i, 1)}
                      >
                        <ArrowDown size={16} aria-hidden />
                      </Button>
                    </div>
                    <div className="admin-row__icon" aria-hidden="true">
                      {feature.icon}
                    </div>
                  </>
                }
                title={feature.title_nl}
                meta={
                  <>
                    <span lang="en">{feature.title_en}</span>
                    <span className="admin-row__desc">{feature.description_nl}</span>
                  </>
                }
                name={feature.title_nl}
                onEdit={() => dialog.openEdit(feature)}
                onDelete={() => confirm.ask(feature)}
              />
            ))}
          </ol>
        )}
      </ListState>
      <FeatureDialog open={dialog.open} feature={dialog.item} onOpenChange={dialog.onOpenChange} />
      <ConfirmDialog
        {...confirm.dialogProps}
        text={t.confirmDelete(confirm.target?.title_nl ?? '')}
        onConfirm={() => remove(confirm.target!)}
      />
    </Section>
  )
}
