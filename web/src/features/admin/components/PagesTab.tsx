// Pages tab (spec §2): static pages, a page of the list at a time with a title search, with
// Published/Draft badges, edit (the dialog loads the full page) and delete, 'New Page', and
// the page dialog (slug, Dutch and English title, content of 10 rows, meta descriptions, Published on by default).
import { type FormEvent } from 'react'
import { Dialog, DialogContent, Label, Switch } from '@/components'
import { invalidateQueries } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import type { Page, PageInput, PageSummary } from '@site/contracts'
import { useT } from '@/i18n'
import { createPage, deletePage, getPage, listPages, updatePage } from '@/api/pages'
import { CONTENT_LIMITS, fieldMessage, SLUG_RE } from '../lib/validation'
import { ADMIN_PAGE_SIZE, usePagedList } from '../hooks/usePagedList'
import { ConfirmDialog } from './dialog/ConfirmDialog'
import { deleteAndRefresh, toastError, toastSuccess } from '../lib/toasts'
import { DialogFormActions } from './dialog/DialogFormActions'
import { DiscardChangesDialog } from '@/components/ui/DiscardChangesDialog'
import { ListState } from './list/ListState'
import { NewButton, Section } from './list/Section'
import { orNull } from '@/lib/orNull'
import { ItemRow, PublishedBadge } from './list/ItemRow'
import { Pager } from './list/Pager'
import { SearchField } from './list/SearchField'
import { TextField } from '@/components'
import { useConfirm } from '../hooks/useConfirm'
import { useDialogForm } from '../hooks/useDialogForm'
import { useEditFull } from '../hooks/useEditDialog'

interface Form {
  slug: string
  title_nl: string
  title_en: string
  content_nl: string
  content_en: string
  meta_description_nl: string
  meta_description_en: string
  published: boolean
}
const EMPTY: Form = {
  slug: '',
  title_nl: '',
  title_en: '',
  content_nl: '',
  content_en: '',
  meta_description_nl: '',
  meta_description_en: '',
  published: true, // spec §9: pages default to published
}
const toForm = (p: Page): Form => ({
  slug: p.slug,
  title_nl: p.title_nl,
  title_en: p.title_en,
  content_nl: p.content_nl,
  content_en: p.content_en,
  meta_description_nl: p.meta_description_nl ?? '',
  meta_description_en: p.meta_description_en ?? '',
  published: p.published,
})

const LIMITS: Partial<Record<keyof Form, number>> = {
  slug: CONTENT_LIMITS.slug,
  title_nl: CONTENT_LIMITS.title,
  title_en: CONTENT_LIMITS.title,
  meta_description_nl: CONTENT_LIMITS.meta_description,
  meta_description_en: CONTENT_LIMITS.meta_description,
}

function validate(form: Form, slugInvalid: string): Partial<Record<keyof Form, string>> {
  const errors: Partial<Record<keyof Form, string>> = {}
  for (const key of ['slug', 'title_nl', 'title_en', 'content_nl', 'content_en'] as const) {
    if (form[key].trim() === '') errors[key] = fieldMessage(key, 'required')
  }
  for (const [key, max] of Object.entries(LIMITS) as [keyof Form, number][]) {
    const v = form[key]
    if (typeof v === 'string' && v.length > max) errors[key] = fieldMessage(key, 'max', max)
  }
  if (!errors.slug && !SLUG_RE.test(form.slug.trim())) errors.slug = slugInvalid
  return errors
}

function PageDialog({
  open,
  onOpenChange,
  page,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  page: Page | null
}) {
  const t = useT().admin
  const tp = t.pages
  const { form, set, submitted, setSubmitted, saving, save, guard } = useDialogForm({
    open,
    item: page,
    empty: EMPTY,
    toForm,
    onOpenChange,
  })
  const errors = submitted ? validate(form, tp.slugInvalid) : {}

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    const all = validate(form, tp.slugInvalid)
    const first = Object.keys(all)[0]
    if (first) {
      document.getElementById(`page-${first}`)?.focus()
      return
    }
    const body: PageInput = {
      slug: form.slug.trim(),
      title_nl: form.title_nl.trim(),
      title_en: form.title_en.trim(),
      content_nl: form.content_nl,
      content_en: form.content_en,
      // German fields are not edited here: keep what the page has.
      title_de: page?.title_de ?? null,
      content_de: page?.content_de ?? null,
      meta_description_nl: orNull(form.meta_description_nl),
      meta_description_en: orNull(form.meta_description_en),
      meta_description_de: page?.meta_description_de ?? null,
      published: form.published,
    }
    await save(
      async () => {
        if (page) await updatePage(page.id, body)
        else await createPage(body)
        await invalidateQueries(queryKeys.pages)
        if (page) toastSuccess(tp.updated, tp.updatedText)
        else toastSuccess(tp.created, tp.createdText)
      },
      (err) => toastError(tp.failed, err, tp.failedText),
    )
  }

  const text = (
    key: Exclude<keyof Form, 'published'>,
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
      max={LIMITS[key]}
      rows={opts.rows}
      disabled={saving}
    />
  )

  return (
    <Dialog open={open} onOpenChange={(o) => (!saving ? guard.onOpenChange(o) : undefined)}>
      <DialogContent title={page ? tp.editTitle : tp.createTitle} size="lg" closeLabel={t.close}>
        <form onSubmit={onSubmit} noValidate className="form-stack" data-testid="page-form">
          {text('slug', tp.slug, { hint: tp.slugHint, required: true })}
          <div className="admin-grid-2">
            {text('title_nl', tp.titleNl, { required: true })}
            {text('title_en', tp.titleEn, { required: true })}
          </div>
          {text('content_nl', tp.contentNl, { rows: 10, required: true })}
          {text('content_en', tp.contentEn, { rows: 10, required: true })}
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

export function PagesTab() {
  const t = useT().admin
  const tp = t.pages
  const list = usePagedList(
    (page, q) => queryKeys.pagesPage(page, ADMIN_PAGE_SIZE, q),
    (page, q, signal) => listPages(page, ADMIN_PAGE_SIZE, q, signal),
  )
  const { query } = list
  const dialog = useEditFull<PageSummary, Page>(getPage)
  const confirm = useConfirm<PageSummary>()

  const remove = (page: PageSummary) =>
    deleteAndRefresh(
      () => deletePage(page.id),
      queryKeys.pages,
      { title: tp.deleted, description: tp.deletedText },
      { title: tp.failed, fallback: tp.failedText },
    )

  return (
    <Section
      title={tp.heading}
      id="admin-pages"
      action={<NewButton label={tp.newItem} onClick={dialog.openNew} />}
    >
      <SearchField id="admin-pages-search" onSearch={list.search} />
      <ListState query={query} empty={list.q ? t.search.none(list.q) : tp.empty}>
        {(pages) => (
          <ul className="admin-list" data-testid="admin-pages-list">
            {pages.map((page) => (
              <ItemRow
                key={page.id}
                title={page.title_nl}
                badges={<PublishedBadge published={page.published} />}
                meta={
                  <>
                    <span lang="en">{page.title_en}</span>
                    <span>/{page.slug}</span>
                  </>
                }
                name={page.title_nl}
                onEdit={() => void dialog.openEdit(page)}
                onDelete={() => confirm.ask(page)}
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
      <PageDialog open={dialog.open} page={dialog.item} onOpenChange={dialog.onOpenChange} />
      <ConfirmDialog
        {...confirm.dialogProps}
        text={t.confirmDelete(confirm.target?.title_nl ?? '')}
        onConfirm={() => remove(confirm.target!)}
      />
    </Section>
  )
}
