// The page dialog (spec §2): slug, Dutch and English title, content of 10 rows, meta descriptions,
// Published (on by default), Publish at / Take offline at; create or edit (the tab loads the full
// page first).
import { useRef, type FormEvent } from 'react'
import type { Page } from '@site/contracts'
import { plainText } from '@site/contracts/text'
import { Dialog, DialogContent, Label, Switch, TextField } from '@/components'
import { DiscardChangesDialog } from '@/components/ui/DiscardChangesDialog'
import { createPage, getPage, updatePage } from '@/api/pages'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import { DialogFormActions } from '../../components/dialog/DialogFormActions'
import { PreviewLinkPanel } from '../../components/preview/PreviewLinkPanel'
import { ScheduleFields, type ScheduleField } from '../../components/schedule/Schedule'
import { useDialogForm } from '../../hooks/useDialogForm'
import { useEditConflict } from '../../hooks/useEditConflict'
import { EditConflictNote } from '../../components/conflict/EditConflictNote'
import { toastError, toastSuccess } from '../../lib/toasts'
import {
  EMPTY_PAGE_FORM,
  PAGE_LIMITS,
  pageToForm,
  toPageInput,
  validatePage,
  type PageForm,
} from './pageForm'
import { texts } from '../../texts'
import { BodyField } from '../../components/editor/BodyField'
import { DocumentLanguages } from '../translations/DocumentLanguages'

const PAGE_FIELDS = ['title', 'content', 'meta_description'] as const

/** A field's text as the editor has it now: the form's value where the form edits it, else the page's. */
function valueOf(page: Page, form: PageForm, key: string): string {
  const v = key in form ? form[key as keyof PageForm] : page[key as keyof Page]
  return typeof v === 'string' ? plainText(v) : ''
}

export function PageDialog({
  open,
  onOpenChange,
  page,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  page: Page | null
}) {
  const t = texts
  const tp = t.pages
  const { form, set, reset, submitted, setSubmitted, saving, save, guard } = useDialogForm({
    open,
    item: page,
    empty: EMPTY_PAGE_FORM,
    toForm: pageToForm,
    onOpenChange,
  })
  const edits = useEditConflict(open, page, () => getPage(page!.id))
  const formRef = useRef<HTMLFormElement>(null)
  const rules = { slugInvalid: tp.slugInvalid, published: t.schedule.published }
  const errors = submitted ? validatePage(form, rules) : {}

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    const all = validatePage(form, rules)
    const first = Object.keys(all)[0]
    if (first) {
      document.getElementById(`page-${first}`)?.focus()
      return
    }
    const body = toPageInput(form, page)
    await save(
      async () => {
        // Over the version opened (If-Match): 412 when someone saved it since (issue 45).
        if (page) await updatePage(page.id, body, edits.base())
        else await createPage(body)
        await invalidateQueries(queryKeys.pages)
        if (page) toastSuccess(tp.updated, tp.updatedText)
        else toastSuccess(tp.created, tp.createdText)
      },
      (err) =>
        void edits.caught(err).then(
          (shown) => shown || toastError(tp.failed, err, tp.failedText),
          () => toastError(tp.failed, err, tp.failedText),
        ),
    )
  }

  const text = (
    key: Exclude<keyof PageForm, 'published' | ScheduleField>,
    label: string,
    opts: { rows?: number; hint?: string; required?: boolean } = {},
  ) => (
    <TextField
      id={`page-${key}`}
      name={key}
      label={label}
      value={form[key]}
      onChange={(v) => set(key, v)}
      error={errors[key]}
      hint={opts.hint}
      required={opts.required}
      max={PAGE_LIMITS[key]}
      rows={opts.rows}
      disabled={saving}
    />
  )

  return (
    <Dialog open={open} onOpenChange={(o) => (!saving ? guard.onOpenChange(o) : undefined)}>
      <DialogContent title={page ? tp.editTitle : tp.createTitle} size="lg" closeLabel={t.close}>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="form-stack" data-testid="page-form">
          {edits.conflict ? (
            <EditConflictNote
              fields={edits.conflict.fields}
              busy={saving}
              onReload={() => {
                const current = edits.reload()
                if (current) reset(current)
              }}
              onOverwrite={() => {
                edits.overwrite()
                formRef.current?.requestSubmit()
              }}
            />
          ) : null}
          {text('slug', tp.slug, { hint: tp.slugHint, required: true })}
          <div className="admin-grid-2">
            {text('title_nl', tp.titleNl, { required: true })}
            {text('title_en', tp.titleEn, { required: true })}
          </div>
          {(['content_nl', 'content_en'] as const).map((key) => (
            <BodyField
              key={key}
              field={key}
              id={`page-${key}`}
              label={key === 'content_nl' ? tp.contentNl : tp.contentEn}
              value={form[key]}
              onChange={(v) => set(key, v)}
              error={errors[key]}
              required
              rows={10}
              disabled={saving}
            />
          ))}
          <div className="admin-grid-2">
            {text('meta_description_nl', tp.metaNl, { rows: 2 })}
            {text('meta_description_en', tp.metaEn, { rows: 2 })}
          </div>
          <div className="admin-switch-row">
            <Switch
              id="page-published"
              checked={form.published}
              onCheckedChange={(v) => set('published', v)}
              disabled={saving}
            />
            <Label htmlFor="page-published">{t.publishedLabel}</Label>
          </div>
          <ScheduleFields idPrefix="page" values={form} set={set} errors={errors} disabled={saving} />
          {page ? (
            <DocumentLanguages
              type="page"
              doc={page}
              onChanged={edits.rebase}
              beside={{ type: 'page', fields: PAGE_FIELDS, valueOf: (key) => valueOf(page, form, key) }}
            />
          ) : null}
          {page ? <PreviewLinkPanel path={`/api/pages/${page.id}`} /> : null}
          <DialogFormActions
            onCancel={guard.close}
            saving={saving}
            submitLabel={page ? tp.update : tp.create}
          />
        </form>
      </DialogContent>
      <DiscardChangesDialog {...guard.discard} texts={t.unsavedChanges} />
    </Dialog>
  )
}
