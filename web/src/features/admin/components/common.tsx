// Building blocks shared by the admin tabs: section frame, list states, row actions, a
// confirmation dialog, the create/edit dialog's state and buttons, and toast helpers.
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Badge, Button, Dialog, DialogContent, Field, Input, Skeleton, Textarea } from '@/components'
import { errorMessage } from '@/lib/api'
import { invalidateQueries, useQuery, type QueryKey, type UseQueryResult } from '@/lib/query'
import type { PagedList } from '@site/contracts'
import { toast } from '@/stores/toast'
import { useT } from '@/features/i18n'

export function Section({
  title,
  lead,
  action,
  children,
  id,
}: {
  title: string
  lead?: ReactNode
  action?: ReactNode
  children: ReactNode
  id?: string
}) {
  return (
    <section className="admin-section" aria-labelledby={id ? `${id}-heading` : undefined}>
      <div className="admin-section__head">
        <div>
          <h2 className="admin-section__title" id={id ? `${id}-heading` : undefined}>
            {title}
          </h2>
          {lead ? <p className="admin-section__lead">{lead}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  )
}

export function NewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus size={16} aria-hidden /> {label}
    </Button>
  )
}

/** Loading skeletons, an error with a retry, the empty text, or the list. */
export function ListState<T>({
  query,
  empty,
  children,
}: {
  /** A whole list or one page of it. */
  query: UseQueryResult<T[] | PagedList<T>>
  empty: string
  children: (items: T[]) => ReactNode
}) {
  const t = useT().admin
  if (query.isPending) {
    return (
      <div className="admin-list" role="status" aria-busy="true" aria-label={t.loading}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="admin-list__skeleton" />
        ))}
      </div>
    )
  }
  if (query.isError && !query.data) {
    return (
      <div className="admin-empty" role="alert">
        <p>{t.loadFailed}</p>
        <p className="admin-muted">{errorMessage(query.error, query.error?.message ?? '')}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t.retry}
        </Button>
      </div>
    )
  }
  const data = query.data
  const items = (Array.isArray(data) ? data : data?.items) ?? []
  if (items.length === 0) return <p className="admin-empty">{empty}</p>
  return <>{children(items)}</>
}

/** Edit and Delete buttons of a list row; their accessible names carry the item's name. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string
  onEdit?: () => void
  onDelete: () => void
}) {
  const t = useT().admin
  return (
    <div className="admin-row__actions">
      {onEdit ? (
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={t.editItem(name)}>
          <Pencil size={14} aria-hidden /> {t.edit}
        </Button>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className="admin-danger"
        onClick={onDelete}
        aria-label={t.deleteItem(name)}
      >
        <Trash2 size={14} aria-hidden /> {t.delete}
      </Button>
    </div>
  )
}

/**
 * One row of an admin list: optional leading cells (reorder buttons, icon, thumbnail), the title
 * with its badges, a line of details, and the Edit / Delete buttons (named after `name`).
 */
export function ItemRow({
  lead,
  title,
  badges,
  meta,
  name,
  onEdit,
  onDelete,
}: {
  lead?: ReactNode
  title: ReactNode
  badges?: ReactNode
  meta?: ReactNode
  name: string
  onEdit?: () => void
  onDelete: () => void
}) {
  return (
    <li className="admin-row" data-testid="admin-row">
      {lead}
      <div className="admin-row__main">
        <div className="admin-row__title">
          <span>{title}</span>
          {badges}
        </div>
        {meta ? <div className="admin-row__meta">{meta}</div> : null}
      </div>
      <RowActions name={name} onEdit={onEdit} onDelete={onDelete} />
    </li>
  )
}

/** Published / Draft badge of blog posts and pages. */
export function PublishedBadge({ published }: { published: boolean }) {
  const t = useT().admin
  return <Badge variant={published ? 'success' : 'secondary'}>{published ? t.published : t.draft}</Badge>
}

/** "Are you sure?" before a delete; stays open (button busy) until the write is done. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title?: string
  text: ReactNode
  confirmLabel?: string
  onConfirm: () => Promise<unknown>
}) {
  const t = useT().admin
  const [pending, setPending] = useState(false)
  async function confirm() {
    setPending(true)
    try {
      await onConfirm()
      onOpenChange(false)
    } catch {
      // the caller showed the error toast; the dialog stays so the user can retry or cancel
    } finally {
      setPending(false)
    }
  }
  return (
    <Dialog open={open} onOpenChange={(o) => (!pending ? onOpenChange(o) : undefined)}>
      <DialogContent title={title ?? t.confirmTitle} description={text} size="sm" closeLabel={t.close}>
        <div className="dialog-actions">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {t.cancel}
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={pending}>
            {pending ? t.deleting : (confirmLabel ?? t.delete)}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}

/** A delete target: which item the confirmation dialog is about. */
export function useConfirm<T>() {
  const [target, setTarget] = useState<T | null>(null)
  return {
    target,
    ask: (item: T) => setTarget(item),
    dialogProps: { open: target !== null, onOpenChange: (o: boolean) => (!o ? setTarget(null) : undefined) },
  }
}

export const toastSuccess = (title: string, description?: string) => toast({ title, description })
export const toastError = (title: string, err: unknown, fallback: string) =>
  toast({ title, description: errorMessage(err, fallback), variant: 'destructive' })

/**
 * A delete from a list tab: runs it, refreshes the list and says how it went. Rethrows a failure,
 * so the confirmation dialog stays open for another try.
 */
export async function deleteAndRefresh(
  run: () => Promise<unknown>,
  list: QueryKey,
  done: { title: string; description?: string },
  failed: { title: string; fallback: string },
): Promise<void> {
  try {
    await run()
    await invalidateQueries(list)
    toastSuccess(done.title, done.description)
  } catch (err) {
    toastError(failed.title, err, failed.fallback)
    throw err
  }
}

/** Turns '' into null (optional fields the services accept as absent or null). */
export const orNull = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null)

/** Which item the create/edit dialog shows (`null` = a new one); the tab opens it with openNew/openEdit. */
export function useEditDialog<T>() {
  const [dialog, setDialog] = useState<{ open: boolean; item: T | null }>({ open: false, item: null })
  return {
    ...dialog,
    openNew: () => setDialog({ open: true, item: null }),
    openEdit: (item: T) => setDialog({ open: true, item }),
    onOpenChange: (open: boolean) => setDialog((d) => ({ ...d, open })),
  }
}

/**
 * Form state of a create/edit dialog: filled from `item` (or `empty`) each time it opens; errors
 * show once submitted. `save(write, onError)`: on success the form is cleared and the dialog closes;
 * on failure `onError` (the toast) runs and the dialog stays open.
 */
export function useDialogForm<F, T>({
  open,
  item,
  empty,
  toForm,
  onOpenChange,
}: {
  open: boolean
  item: T | null
  empty: F
  toForm: (item: T) => F
  onOpenChange: (open: boolean) => void
}) {
  const [form, setForm] = useState<F>(empty)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!open) return
    setForm(item ? toForm(item) : empty)
    setSubmitted(false)
  }, [open, item, empty, toForm])

  const set = <K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value }))

  async function save(write: () => Promise<void>, onError: (err: unknown) => void) {
    setSaving(true)
    try {
      await write()
      setForm(empty)
      setSubmitted(false)
      onOpenChange(false)
    } catch (err) {
      onError(err)
    } finally {
      setSaving(false)
    }
  }
  return { form, set, submitted, setSubmitted, saving, save }
}

/**
 * A text field of a create/edit dialog: an input (a textarea with `rows`), its error and hint tied
 * to it with aria-describedby, and a character counter when `max` is given.
 */
export function TextField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  hint,
  required,
  max,
  rows,
  type,
  disabled,
}: {
  id: string
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  hint?: string
  required?: boolean
  max?: number
  rows?: number
  type?: string
  disabled?: boolean
}) {
  const props = {
    id,
    name,
    value,
    disabled,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
  }
  return (
    <Field
      label={label}
      htmlFor={id}
      error={error}
      hint={hint}
      required={required}
      counter={max ? { value: value.length, max } : undefined}
    >
      {rows ? (
        <Textarea {...props} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input {...props} type={type} autoComplete="off" onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  )
}

/** Cancel and submit buttons of a create/edit dialog ('Saving...' while the write runs). */
export function DialogFormActions({
  onCancel,
  saving,
  busy = saving,
  submitLabel,
}: {
  onCancel: () => void
  saving: boolean
  /** Disables the submit button (default: while saving). */
  busy?: boolean
  submitLabel: string
}) {
  const t = useT().admin
  return (
    <div className="dialog-actions">
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        {t.cancel}
      </Button>
      <Button type="submit" disabled={busy}>
        {saving ? t.saving : submitLabel}
      </Button>
    </div>
  )
}

/** Admin list pages: 20 rows a page (within the API's maximum of 50). */
export const ADMIN_PAGE_SIZE = 20

/**
 * One page of an admin list and its title search (issue 14). A new search starts at page 1; when a
 * delete empties the last page, the page before is shown.
 */
export function usePagedList<T>(
  key: (page: number, q: string) => QueryKey,
  load: (page: number, q: string, signal: AbortSignal) => Promise<PagedList<T>>,
) {
  const [page, setPage] = useState(1)
  const [q, setQ] = useState('')
  const query = useQuery(key(page, q), (signal) => load(page, q, signal))
  const data = query.data
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && page > 1) setPage(Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE)))
  }, [data, page])
  return {
    query,
    page,
    setPage,
    q,
    search: (text: string) => {
      setQ(text)
      setPage(1)
    },
  }
}

/** Previous / next and "Page X of Y" under a paged list; hidden while everything fits on one page. */
export function Pager({
  label,
  page,
  pageSize,
  total,
  busy,
  onPage,
}: {
  label: string
  page: number
  pageSize: number
  total: number
  busy?: boolean
  onPage: (page: number) => void
}) {
  const t = useT().admin.pager
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1 && page <= 1) return null
  return (
    <nav className="admin-pager" aria-label={t.label(label)}>
      <Button variant="outline" size="sm" onClick={() => onPage(Math.max(1, page - 1))} disabled={page <= 1 || busy}>
        {t.previous}
      </Button>
      <span aria-live="polite">{t.pageOf(page, pages, total)}</span>
      <Button variant="outline" size="sm" onClick={() => onPage(Math.min(pages, page + 1))} disabled={page >= pages || busy}>
        {t.next}
      </Button>
    </nav>
  )
}

/** Title search above a list: searches as the admin types (after a short pause) and on Enter. */
export function SearchField({ id, onSearch }: { id: string; onSearch: (q: string) => void }) {
  const t = useT().admin.search
  const [value, setValue] = useState('')
  const searched = useRef('')
  const submit = (text: string) => {
    if (text === searched.current) return
    searched.current = text
    onSearch(text)
  }
  useEffect(() => {
    const timer = setTimeout(() => submit(value.trim()), 300)
    return () => clearTimeout(timer)
    // Only the text re-arms the timer (submit and onSearch are new functions every render).
  }, [value])
  return (
    <form
      role="search"
      className="admin-search"
      onSubmit={(e) => {
        e.preventDefault()
        submit(value.trim())
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t.label}
      </label>
      <Input id={id} type="search" value={value} placeholder={t.placeholder} onChange={(e) => setValue(e.target.value)} />
    </form>
  )
}

/**
 * Edit dialogs get the full document (the lists carry summaries): Edit loads it by id, then opens
 * the dialog; a failed load says so in a toast and leaves the dialog closed.
 */
export function useEditFull<S extends { id: string }, F>(load: (id: string) => Promise<F>) {
  const t = useT().admin
  const dialog = useEditDialog<F>()
  const [loadingId, setLoadingId] = useState<string | null>(null)
  async function openEdit(item: S) {
    setLoadingId(item.id)
    try {
      dialog.openEdit(await load(item.id))
    } catch (err) {
      toastError(t.error, err, t.openFailed)
    } finally {
      setLoadingId(null)
    }
  }
  return { ...dialog, openEdit, loadingId }
}
